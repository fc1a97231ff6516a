// Original file: exchange/admin/v1/accounts.proto

import type { Balance as _exchange_admin_v1_Balance, Balance__Output as _exchange_admin_v1_Balance__Output } from '../../../exchange/admin/v1/Balance';

export interface GetBalancesResponse {
  'balances'?: (_exchange_admin_v1_Balance)[];
}

export interface GetBalancesResponse__Output {
  'balances': (_exchange_admin_v1_Balance__Output)[];
}
