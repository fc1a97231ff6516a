// Original file: exchange/admin/v1/apikeys.proto

import type { APIKey as _exchange_admin_v1_APIKey, APIKey__Output as _exchange_admin_v1_APIKey__Output } from '../../../exchange/admin/v1/APIKey';

export interface ListAPIKeysResponse {
  'keys'?: (_exchange_admin_v1_APIKey)[];
}

export interface ListAPIKeysResponse__Output {
  'keys': (_exchange_admin_v1_APIKey__Output)[];
}
