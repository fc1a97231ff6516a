// Original file: exchange/admin/v1/blockchain.proto

import type { PageRequest as _exchange_admin_v1_PageRequest, PageRequest__Output as _exchange_admin_v1_PageRequest__Output } from '../../../exchange/admin/v1/PageRequest';

export interface ListWithdrawalsRequest {
  /**
   * Empty means all accounts.
   */
  'account_id'?: (string);
  'status'?: (string);
  'page'?: (_exchange_admin_v1_PageRequest | null);
}

export interface ListWithdrawalsRequest__Output {
  /**
   * Empty means all accounts.
   */
  'account_id': (string);
  'status': (string);
  'page': (_exchange_admin_v1_PageRequest__Output | null);
}
