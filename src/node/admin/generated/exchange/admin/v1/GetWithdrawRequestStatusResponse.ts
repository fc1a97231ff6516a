// Original file: exchange/admin/v1/blockchain.proto


export interface GetWithdrawRequestStatusResponse {
  /**
   * pending, processing, broadcast, confirmed or failed.
   */
  'status'?: (string);
  'tx_hash'?: (string);
}

export interface GetWithdrawRequestStatusResponse__Output {
  /**
   * pending, processing, broadcast, confirmed or failed.
   */
  'status': (string);
  'tx_hash': (string);
}
