// Original file: exchange/admin/v1/blockchain.proto


export interface GetDepositAddressRequest {
  'account_id'?: (string);
  /**
   * btc, eth or tron.
   */
  'blockchain'?: (string);
  'asset'?: (string);
}

export interface GetDepositAddressRequest__Output {
  'account_id': (string);
  /**
   * btc, eth or tron.
   */
  'blockchain': (string);
  'asset': (string);
}
