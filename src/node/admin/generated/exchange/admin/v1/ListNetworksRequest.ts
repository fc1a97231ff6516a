// Original file: exchange/admin/v1/info.proto


export interface ListNetworksRequest {
  /**
   * Optional asset filter.
   */
  'asset'?: (string);
}

export interface ListNetworksRequest__Output {
  /**
   * Optional asset filter.
   */
  'asset': (string);
}
