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
}
