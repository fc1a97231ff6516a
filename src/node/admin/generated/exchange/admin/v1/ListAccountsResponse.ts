// Original file: exchange/admin/v1/accounts.proto

import type { AccountSummary as _exchange_admin_v1_AccountSummary, AccountSummary__Output as _exchange_admin_v1_AccountSummary__Output } from '../../../exchange/admin/v1/AccountSummary';
import type { PageResponse as _exchange_admin_v1_PageResponse, PageResponse__Output as _exchange_admin_v1_PageResponse__Output } from '../../../exchange/admin/v1/PageResponse';

export interface ListAccountsResponse {
  'accounts'?: (_exchange_admin_v1_AccountSummary)[];
  'page'?: (_exchange_admin_v1_PageResponse | null);
}

export interface ListAccountsResponse__Output {
  'accounts': (_exchange_admin_v1_AccountSummary__Output)[];
  'page': (_exchange_admin_v1_PageResponse__Output | null);
}
