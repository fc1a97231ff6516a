// Original file: exchange/admin/v1/p2p.proto

import type { P2PDispute as _exchange_admin_v1_P2PDispute, P2PDispute__Output as _exchange_admin_v1_P2PDispute__Output } from '../../../exchange/admin/v1/P2PDispute';

export interface ListDisputesResponse {
  'disputes'?: (_exchange_admin_v1_P2PDispute)[];
}

export interface ListDisputesResponse__Output {
  'disputes': (_exchange_admin_v1_P2PDispute__Output)[];
}
