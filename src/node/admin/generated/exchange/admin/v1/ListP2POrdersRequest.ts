// Original file: exchange/admin/v1/p2p.proto


export interface ListP2POrdersRequest {
  /**
   * Optional filters.
   */
  'status'?: (string);
  'account_id'?: (string);
  /**
   * Default 100 (for 0), maximum 200; above it INVALID_ARGUMENT.
   */
  'limit'?: (number);
  'offset'?: (number);
}

export interface ListP2POrdersRequest__Output {
  /**
   * Optional filters.
   */
  'status': (string);
  'account_id': (string);
  /**
   * Default 100 (for 0), maximum 200; above it INVALID_ARGUMENT.
   */
  'limit': (number);
  'offset': (number);
}
