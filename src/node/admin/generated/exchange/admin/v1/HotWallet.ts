// Original file: exchange/admin/v1/hotwallets.proto


export interface HotWallet {
  'address'?: (string);
  'blockchain'?: (string);
  'asset'?: (string);
  /**
   * Current on-chain balance, decimal string.
   */
  'balance'?: (string);
}

export interface HotWallet__Output {
  'address': (string);
  'blockchain': (string);
  'asset': (string);
  /**
   * Current on-chain balance, decimal string.
   */
  'balance': (string);
}
