// Original file: exchange/admin/v1/blockchain.proto

import type { TopUp as _exchange_admin_v1_TopUp, TopUp__Output as _exchange_admin_v1_TopUp__Output } from '../../../exchange/admin/v1/TopUp';
import type { PageResponse as _exchange_admin_v1_PageResponse, PageResponse__Output as _exchange_admin_v1_PageResponse__Output } from '../../../exchange/admin/v1/PageResponse';

export interface ListTopUpsResponse {
  'topups'?: (_exchange_admin_v1_TopUp)[];
  'page'?: (_exchange_admin_v1_PageResponse | null);
}

export interface ListTopUpsResponse__Output {
  'topups': (_exchange_admin_v1_TopUp__Output)[];
  'page': (_exchange_admin_v1_PageResponse__Output | null);
}
