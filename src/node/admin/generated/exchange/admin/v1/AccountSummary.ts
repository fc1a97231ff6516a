// Original file: exchange/admin/v1/accounts.proto


export interface AccountSummary {
  'id'?: (string);
  'email'?: (string);
  'tier_id'?: (string);
  'status'?: (string);
  'is_vip'?: (boolean);
  /**
   * Empty when the account is not a sub-account.
   */
  'master_account_id'?: (string);
  'created_at'?: (string);
}

export interface AccountSummary__Output {
  'id': (string);
  'email': (string);
  'tier_id': (string);
  'status': (string);
  'is_vip': (boolean);
  /**
   * Empty when the account is not a sub-account.
   */
  'master_account_id': (string);
  'created_at': (string);
}
