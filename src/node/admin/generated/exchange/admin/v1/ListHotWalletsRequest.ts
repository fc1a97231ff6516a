// Original file: exchange/admin/v1/hotwallets.proto


export interface ListHotWalletsRequest {
  /**
   * Optional: btc, eth or tron.
   */
  'blockchain'?: (string);
}

export interface ListHotWalletsRequest__Output {
  /**
   * Optional: btc, eth or tron.
   */
  'blockchain': (string);
}
