// Original file: exchange/admin/v1/apikeys.proto


export interface CreateAPIKeyResponse {
  'api_key'?: (string);
  /**
   * Shown only here, at creation.
   */
  'api_secret'?: (string);
  'id'?: (string);
}

export interface CreateAPIKeyResponse__Output {
  'api_key': (string);
  /**
   * Shown only here, at creation.
   */
  'api_secret': (string);
  'id': (string);
}
