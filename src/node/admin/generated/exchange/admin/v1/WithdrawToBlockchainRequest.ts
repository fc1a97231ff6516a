// Original file: exchange/admin/v1/blockchain.proto


export interface WithdrawToBlockchainRequest {
  'account_id'?: (string);
  'blockchain'?: (string);
  'asset'?: (string);
  'amount'?: (string);
  'to_address'?: (string);
  /**
   * Optional, for Tron or EVM tokens that use a memo.
   */
  'memo'?: (string);
}

export interface WithdrawToBlockchainRequest__Output {
  'account_id': (string);
  'blockchain': (string);
  'asset': (string);
  'amount': (string);
  'to_address': (string);
  /**
   * Optional, for Tron or EVM tokens that use a memo.
   */
  'memo': (string);
}
