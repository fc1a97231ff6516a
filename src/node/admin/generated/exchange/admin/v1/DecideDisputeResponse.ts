// Original file: exchange/admin/v1/p2p.proto

import type { P2PDispute as _exchange_admin_v1_P2PDispute, P2PDispute__Output as _exchange_admin_v1_P2PDispute__Output } from '../../../exchange/admin/v1/P2PDispute';
import type { P2POrder as _exchange_admin_v1_P2POrder, P2POrder__Output as _exchange_admin_v1_P2POrder__Output } from '../../../exchange/admin/v1/P2POrder';

export interface DecideDisputeResponse {
  'dispute'?: (_exchange_admin_v1_P2PDispute | null);
  'order'?: (_exchange_admin_v1_P2POrder | null);
}

export interface DecideDisputeResponse__Output {
  'dispute': (_exchange_admin_v1_P2PDispute__Output | null);
  'order': (_exchange_admin_v1_P2POrder__Output | null);
}
