// Original file: exchange/admin/v1/accounts.proto

import type { AdminOrder as _exchange_admin_v1_AdminOrder, AdminOrder__Output as _exchange_admin_v1_AdminOrder__Output } from '../../../exchange/admin/v1/AdminOrder';

export interface ListOrdersResponse {
  'orders'?: (_exchange_admin_v1_AdminOrder)[];
}

export interface ListOrdersResponse__Output {
  'orders': (_exchange_admin_v1_AdminOrder__Output)[];
}
