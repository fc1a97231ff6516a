// Original file: exchange/admin/v1/accounts.proto

import type { PageRequest as _exchange_admin_v1_PageRequest, PageRequest__Output as _exchange_admin_v1_PageRequest__Output } from '../../../exchange/admin/v1/PageRequest';

export interface ListAccountsRequest {
  /**
   * Case-insensitive substring of the e-mail; empty matches every account.
   */
  'query'?: (string);
  /**
   * Optional: active, restricted or blocked.
   */
  'status'?: (string);
  /**
   * Optional: only the account with this id (how the CLI turns --account-id into an e-mail).
   */
  'account_id'?: (string);
  /**
   * Default 100, maximum 1000.
   */
  'page'?: (_exchange_admin_v1_PageRequest | null);
  /**
   * Optional: only the account owning this funding or trading balance account (how the CLI names
   * the account whose balance a *-balance-account operation changed); none for any other id.
   */
  'balance_account_id'?: (string);
}

export interface ListAccountsRequest__Output {
  /**
   * Case-insensitive substring of the e-mail; empty matches every account.
   */
  'query': (string);
  /**
   * Optional: active, restricted or blocked.
   */
  'status': (string);
  /**
   * Optional: only the account with this id (how the CLI turns --account-id into an e-mail).
   */
  'account_id': (string);
  /**
   * Default 100, maximum 1000.
   */
  'page': (_exchange_admin_v1_PageRequest__Output | null);
  /**
   * Optional: only the account owning this funding or trading balance account (how the CLI names
   * the account whose balance a *-balance-account operation changed); none for any other id.
   */
  'balance_account_id': (string);
}
