// Original file: exchange/admin/v1/blockchain.proto

import type { DenyListEntry as _exchange_admin_v1_DenyListEntry, DenyListEntry__Output as _exchange_admin_v1_DenyListEntry__Output } from '../../../exchange/admin/v1/DenyListEntry';

export interface ListDenyListResponse {
  'entries'?: (_exchange_admin_v1_DenyListEntry)[];
}

export interface ListDenyListResponse__Output {
  'entries': (_exchange_admin_v1_DenyListEntry__Output)[];
}
