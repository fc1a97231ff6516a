// Original file: exchange/admin/v1/p2p.proto

import type { P2POrder as _exchange_admin_v1_P2POrder, P2POrder__Output as _exchange_admin_v1_P2POrder__Output } from '../../../exchange/admin/v1/P2POrder';
import type { P2PChatMessage as _exchange_admin_v1_P2PChatMessage, P2PChatMessage__Output as _exchange_admin_v1_P2PChatMessage__Output } from '../../../exchange/admin/v1/P2PChatMessage';

export interface GetP2POrderResponse {
  'order'?: (_exchange_admin_v1_P2POrder | null);
  'messages'?: (_exchange_admin_v1_P2PChatMessage)[];
}

export interface GetP2POrderResponse__Output {
  'order': (_exchange_admin_v1_P2POrder__Output | null);
  'messages': (_exchange_admin_v1_P2PChatMessage__Output)[];
}
