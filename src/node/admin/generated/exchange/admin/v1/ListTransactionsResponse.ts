// Original file: exchange/admin/v1/accounts.proto

import type { Transaction as _exchange_admin_v1_Transaction, Transaction__Output as _exchange_admin_v1_Transaction__Output } from '../../../exchange/admin/v1/Transaction';
import type { PageResponse as _exchange_admin_v1_PageResponse, PageResponse__Output as _exchange_admin_v1_PageResponse__Output } from '../../../exchange/admin/v1/PageResponse';

export interface ListTransactionsResponse {
  'transactions'?: (_exchange_admin_v1_Transaction)[];
  'page'?: (_exchange_admin_v1_PageResponse | null);
}

export interface ListTransactionsResponse__Output {
  'transactions': (_exchange_admin_v1_Transaction__Output)[];
  'page': (_exchange_admin_v1_PageResponse__Output | null);
}
