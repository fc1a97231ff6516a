// Original file: exchange/admin/v1/apikeys.proto


export interface APIKey {
  'id'?: (string);
  'label'?: (string);
  /**
   * trade, withdraw, read.
   */
  'permissions'?: (string)[];
  'created_at'?: (string);
  /**
   * Empty when never used.
   */
  'last_used_at'?: (string);
  /**
   * The public key (X-API-Key); the secret is never shown again.
   */
  'api_key'?: (string);
}

export interface APIKey__Output {
  'id': (string);
  'label': (string);
  /**
   * trade, withdraw, read.
   */
  'permissions': (string)[];
  'created_at': (string);
  /**
   * Empty when never used.
   */
  'last_used_at': (string);
  /**
   * The public key (X-API-Key); the secret is never shown again.
   */
  'api_key': (string);
}
