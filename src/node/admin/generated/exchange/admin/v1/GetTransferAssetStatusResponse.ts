// Original file: exchange/admin/v1/hotwallets.proto


export interface GetTransferAssetStatusResponse {
  /**
   * pending, broadcast, confirmed or failed.
   */
  'status'?: (string);
  'tx_hash'?: (string);
  /**
   * Extension: why it failed, when it did.
   */
  'failure'?: (string);
}

export interface GetTransferAssetStatusResponse__Output {
  /**
   * pending, broadcast, confirmed or failed.
   */
  'status': (string);
  'tx_hash': (string);
  /**
   * Extension: why it failed, when it did.
   */
  'failure': (string);
}
