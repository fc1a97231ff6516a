// Original file: exchange/admin/v1/p2p.proto

import type { ReferenceRate as _exchange_admin_v1_ReferenceRate, ReferenceRate__Output as _exchange_admin_v1_ReferenceRate__Output } from '../../../exchange/admin/v1/ReferenceRate';

export interface SetReferenceRateResponse {
  'rate'?: (_exchange_admin_v1_ReferenceRate | null);
}

export interface SetReferenceRateResponse__Output {
  'rate': (_exchange_admin_v1_ReferenceRate__Output | null);
}
