// Original file: exchange/admin/v1/common.proto


export interface PageResponse {
  /**
   * Total number of items matching the request, ignoring limit and offset.
   */
  'total'?: (number);
}

export interface PageResponse__Output {
  /**
   * Total number of items matching the request, ignoring limit and offset.
   */
  'total': (number);
}
