// Original file: exchange/admin/v1/common.proto


export interface PageRequest {
  /**
   * Maximum number of items to return: 0 means the default (100); above the maximum (1000) the call
   * is refused with INVALID_ARGUMENT, as every paged admin RPC does.
   */
  'limit'?: (number);
  /**
   * Number of items to skip.
   */
  'offset'?: (number);
}

export interface PageRequest__Output {
  /**
   * Maximum number of items to return: 0 means the default (100); above the maximum (1000) the call
   * is refused with INVALID_ARGUMENT, as every paged admin RPC does.
   */
  'limit': (number);
  /**
   * Number of items to skip.
   */
  'offset': (number);
}
