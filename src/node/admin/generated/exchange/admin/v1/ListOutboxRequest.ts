// Original file: exchange/admin/v1/outbox.proto


export interface ListOutboxRequest {
  /**
   * Optional filters.
   */
  'channel'?: (string);
  'to'?: (string);
  /**
   * Default 50 (for 0), maximum 500 (above it INVALID_ARGUMENT); newest first.
   */
  'limit'?: (number);
}

export interface ListOutboxRequest__Output {
  /**
   * Optional filters.
   */
  'channel': (string);
  'to': (string);
  /**
   * Default 50 (for 0), maximum 500 (above it INVALID_ARGUMENT); newest first.
   */
  'limit': (number);
}
