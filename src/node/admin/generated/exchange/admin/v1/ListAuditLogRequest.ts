// Original file: exchange/admin/v1/admins.proto

import type { PageRequest as _exchange_admin_v1_PageRequest, PageRequest__Output as _exchange_admin_v1_PageRequest__Output } from '../../../exchange/admin/v1/PageRequest';

export interface ListAuditLogRequest {
  /**
   * Optional filter.
   */
  'admin_email'?: (string);
  'page'?: (_exchange_admin_v1_PageRequest | null);
}

export interface ListAuditLogRequest__Output {
  /**
   * Optional filter.
   */
  'admin_email': (string);
  'page': (_exchange_admin_v1_PageRequest__Output | null);
}
