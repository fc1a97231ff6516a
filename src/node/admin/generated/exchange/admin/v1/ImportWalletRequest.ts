// Original file: exchange/admin/v1/blockchain.proto


export interface ImportWalletRequest {
  /**
   * BIP39 mnemonic (12 to 24 English words).
   */
  'mnemonic'?: (string);
}

export interface ImportWalletRequest__Output {
  /**
   * BIP39 mnemonic (12 to 24 English words).
   */
  'mnemonic': (string);
}
