// Original file: exchange/admin/v1/accounts.proto

import type { PageRequest as _exchange_admin_v1_PageRequest, PageRequest__Output as _exchange_admin_v1_PageRequest__Output } from '../../../exchange/admin/v1/PageRequest';

export interface ListTransactionsRequest {
  'email'?: (string);
  /**
   * Optional asset filter.
   */
  'asset'?: (string);
  /**
   * Optional ledger transaction type filter.
   */
  'type'?: (string);
  /**
   * Optional ISO 8601 bounds on created_at.
   */
  'start_time'?: (string);
  'end_time'?: (string);
  'page'?: (_exchange_admin_v1_PageRequest | null);
}

export interface ListTransactionsRequest__Output {
  'email': (string);
  /**
   * Optional asset filter.
   */
  'asset': (string);
  /**
   * Optional ledger transaction type filter.
   */
  'type': (string);
  /**
   * Optional ISO 8601 bounds on created_at.
   */
  'start_time': (string);
  'end_time': (string);
  'page': (_exchange_admin_v1_PageRequest__Output | null);
}
