// Original file: exchange/admin/v1/info.proto

import type { Tier as _exchange_admin_v1_Tier, Tier__Output as _exchange_admin_v1_Tier__Output } from '../../../exchange/admin/v1/Tier';

export interface ListTiersResponse {
  'tiers'?: (_exchange_admin_v1_Tier)[];
}

export interface ListTiersResponse__Output {
  'tiers': (_exchange_admin_v1_Tier__Output)[];
}
