// Original file: exchange/admin/v1/accounts.proto


export interface CreateSubAccountResponse {
  'id'?: (string);
  'email'?: (string);
  'tier_id'?: (string);
  'funding_account_id'?: (string);
  'trading_account_id'?: (string);
  'master_account_id'?: (string);
  /**
   * active, restricted or blocked: the sub-account's own status.
   */
  'status'?: (string);
  'created_at'?: (string);
}

export interface CreateSubAccountResponse__Output {
  'id': (string);
  'email': (string);
  'tier_id': (string);
  'funding_account_id': (string);
  'trading_account_id': (string);
  'master_account_id': (string);
  /**
   * active, restricted or blocked: the sub-account's own status.
   */
  'status': (string);
  'created_at': (string);
}
