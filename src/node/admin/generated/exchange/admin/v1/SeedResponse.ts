// Original file: exchange/admin/v1/dev.proto

import type { DemoUser as _exchange_admin_v1_DemoUser, DemoUser__Output as _exchange_admin_v1_DemoUser__Output } from '../../../exchange/admin/v1/DemoUser';

export interface SeedResponse {
  'users'?: (_exchange_admin_v1_DemoUser)[];
}

export interface SeedResponse__Output {
  'users': (_exchange_admin_v1_DemoUser__Output)[];
}
