// Original file: exchange/admin/v1/info.proto

import type { Network as _exchange_admin_v1_Network, Network__Output as _exchange_admin_v1_Network__Output } from '../../../exchange/admin/v1/Network';

export interface ListNetworksResponse {
  'networks'?: (_exchange_admin_v1_Network)[];
}

export interface ListNetworksResponse__Output {
  'networks': (_exchange_admin_v1_Network__Output)[];
}
