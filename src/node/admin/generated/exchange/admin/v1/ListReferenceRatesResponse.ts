// Original file: exchange/admin/v1/p2p.proto

import type { ReferenceRate as _exchange_admin_v1_ReferenceRate, ReferenceRate__Output as _exchange_admin_v1_ReferenceRate__Output } from '../../../exchange/admin/v1/ReferenceRate';

export interface ListReferenceRatesResponse {
  'rates'?: (_exchange_admin_v1_ReferenceRate)[];
}

export interface ListReferenceRatesResponse__Output {
  'rates': (_exchange_admin_v1_ReferenceRate__Output)[];
}
