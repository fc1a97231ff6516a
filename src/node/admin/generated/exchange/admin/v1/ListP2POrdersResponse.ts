// Original file: exchange/admin/v1/p2p.proto

import type { P2POrder as _exchange_admin_v1_P2POrder, P2POrder__Output as _exchange_admin_v1_P2POrder__Output } from '../../../exchange/admin/v1/P2POrder';

export interface ListP2POrdersResponse {
  'orders'?: (_exchange_admin_v1_P2POrder)[];
}

export interface ListP2POrdersResponse__Output {
  'orders': (_exchange_admin_v1_P2POrder__Output)[];
}
