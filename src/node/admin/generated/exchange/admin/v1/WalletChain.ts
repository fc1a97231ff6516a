// Original file: exchange/admin/v1/blockchain.proto


export interface WalletChain {
  'blockchain'?: (string);
  /**
   * Account-level path and extended public key of the deposit branch (zpub/vpub for btc, xpub otherwise).
   */
  'deposit_path'?: (string);
  'deposit_xpub'?: (string);
  'hot_wallet_address'?: (string);
  /**
   * Whether a node of this chain is connected (else addresses only).
   */
  'connected'?: (boolean);
}

export interface WalletChain__Output {
  'blockchain': (string);
  /**
   * Account-level path and extended public key of the deposit branch (zpub/vpub for btc, xpub otherwise).
   */
  'deposit_path': (string);
  'deposit_xpub': (string);
  'hot_wallet_address': (string);
  /**
   * Whether a node of this chain is connected (else addresses only).
   */
  'connected': (boolean);
}
