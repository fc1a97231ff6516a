// Original file: exchange/admin/v1/accounts.proto


export interface GetAccountDetailsResponse {
  'id'?: (string);
  'email'?: (string);
  'tier_id'?: (string);
  'funding_account_id'?: (string);
  'trading_account_id'?: (string);
  /**
   * Empty when the account is not a sub-account.
   */
  'master_account_id'?: (string);
  /**
   * active, restricted or blocked.
   */
  'status'?: (string);
  'status_comment'?: (string);
  'is_vip'?: (boolean);
  'is_totp_enabled'?: (boolean);
  'created_at'?: (string);
}

export interface GetAccountDetailsResponse__Output {
  'id': (string);
  'email': (string);
  'tier_id': (string);
  'funding_account_id': (string);
  'trading_account_id': (string);
  /**
   * Empty when the account is not a sub-account.
   */
  'master_account_id': (string);
  /**
   * active, restricted or blocked.
   */
  'status': (string);
  'status_comment': (string);
  'is_vip': (boolean);
  'is_totp_enabled': (boolean);
  'created_at': (string);
}
