// Original file: exchange/admin/v1/blockchain.proto

import type { DenyListEntry as _exchange_admin_v1_DenyListEntry, DenyListEntry__Output as _exchange_admin_v1_DenyListEntry__Output } from '../../../exchange/admin/v1/DenyListEntry';

export interface AddDenyListAddressResponse {
  'entry'?: (_exchange_admin_v1_DenyListEntry | null);
}

export interface AddDenyListAddressResponse__Output {
  'entry': (_exchange_admin_v1_DenyListEntry__Output | null);
}
