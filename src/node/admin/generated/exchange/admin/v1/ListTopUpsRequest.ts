// Original file: exchange/admin/v1/blockchain.proto

import type { PageRequest as _exchange_admin_v1_PageRequest, PageRequest__Output as _exchange_admin_v1_PageRequest__Output } from '../../../exchange/admin/v1/PageRequest';

export interface ListTopUpsRequest {
  'account_id'?: (string);
  'page'?: (_exchange_admin_v1_PageRequest | null);
  /**
   * Extension: optional filters.
   */
  'blockchain'?: (string);
  'status'?: (string);
}

export interface ListTopUpsRequest__Output {
  'account_id': (string);
  'page': (_exchange_admin_v1_PageRequest__Output | null);
  /**
   * Extension: optional filters.
   */
  'blockchain': (string);
  'status': (string);
}
