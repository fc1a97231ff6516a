// Original file: exchange/admin/v1/admins.proto

import type { Admin as _exchange_admin_v1_Admin, Admin__Output as _exchange_admin_v1_Admin__Output } from '../../../exchange/admin/v1/Admin';

export interface ListAdminsResponse {
  'admins'?: (_exchange_admin_v1_Admin)[];
}

export interface ListAdminsResponse__Output {
  'admins': (_exchange_admin_v1_Admin__Output)[];
}
