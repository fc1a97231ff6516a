// Original file: exchange/admin/v1/common.proto


export interface PageRequest {
  /**
   * Maximum number of items to return (default 100, maximum 1000).
   */
  'limit'?: (number);
  /**
   * Number of items to skip.
   */
  'offset'?: (number);
}

export interface PageRequest__Output {
  /**
   * Maximum number of items to return (default 100, maximum 1000).
   */
  'limit': (number);
  /**
   * Number of items to skip.
   */
  'offset': (number);
}
