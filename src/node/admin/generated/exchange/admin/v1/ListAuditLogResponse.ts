// Original file: exchange/admin/v1/admins.proto

import type { AuditEntry as _exchange_admin_v1_AuditEntry, AuditEntry__Output as _exchange_admin_v1_AuditEntry__Output } from '../../../exchange/admin/v1/AuditEntry';
import type { PageResponse as _exchange_admin_v1_PageResponse, PageResponse__Output as _exchange_admin_v1_PageResponse__Output } from '../../../exchange/admin/v1/PageResponse';

export interface ListAuditLogResponse {
  'entries'?: (_exchange_admin_v1_AuditEntry)[];
  'page'?: (_exchange_admin_v1_PageResponse | null);
}

export interface ListAuditLogResponse__Output {
  'entries': (_exchange_admin_v1_AuditEntry__Output)[];
  'page': (_exchange_admin_v1_PageResponse__Output | null);
}
