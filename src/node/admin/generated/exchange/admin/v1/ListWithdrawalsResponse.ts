// Original file: exchange/admin/v1/blockchain.proto

import type { Withdrawal as _exchange_admin_v1_Withdrawal, Withdrawal__Output as _exchange_admin_v1_Withdrawal__Output } from '../../../exchange/admin/v1/Withdrawal';
import type { PageResponse as _exchange_admin_v1_PageResponse, PageResponse__Output as _exchange_admin_v1_PageResponse__Output } from '../../../exchange/admin/v1/PageResponse';

export interface ListWithdrawalsResponse {
  'withdrawals'?: (_exchange_admin_v1_Withdrawal)[];
  'page'?: (_exchange_admin_v1_PageResponse | null);
}

export interface ListWithdrawalsResponse__Output {
  'withdrawals': (_exchange_admin_v1_Withdrawal__Output)[];
  'page': (_exchange_admin_v1_PageResponse__Output | null);
}
