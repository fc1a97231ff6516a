// Original file: exchange/admin/v1/accounts.proto


export interface LoginAccountResponse {
  /**
   * Exchange JWT accepted by the public REST API as "Authorization: Bearer <token>".
   */
  'token'?: (string);
  /**
   * Lifetime of the token in seconds.
   */
  'expires_in'?: (number);
}

export interface LoginAccountResponse__Output {
  /**
   * Exchange JWT accepted by the public REST API as "Authorization: Bearer <token>".
   */
  'token': (string);
  /**
   * Lifetime of the token in seconds.
   */
  'expires_in': (number);
}
