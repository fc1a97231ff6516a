// Original file: exchange/admin/v1/blockchain.proto

import type { TopUp as _exchange_admin_v1_TopUp, TopUp__Output as _exchange_admin_v1_TopUp__Output } from '../../../exchange/admin/v1/TopUp';

export interface ReleaseTopUpResponse {
  'topup'?: (_exchange_admin_v1_TopUp | null);
}

export interface ReleaseTopUpResponse__Output {
  'topup': (_exchange_admin_v1_TopUp__Output | null);
}
