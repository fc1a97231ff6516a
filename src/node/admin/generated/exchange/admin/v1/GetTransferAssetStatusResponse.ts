// Original file: exchange/admin/v1/hotwallets.proto


export interface GetTransferAssetStatusResponse {
  /**
   * pending, broadcast, confirmed or failed.
   */
  'status'?: (string);
  'tx_hash'?: (string);
}

export interface GetTransferAssetStatusResponse__Output {
  /**
   * pending, broadcast, confirmed or failed.
   */
  'status': (string);
  'tx_hash': (string);
}
