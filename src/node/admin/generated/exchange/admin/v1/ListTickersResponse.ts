// Original file: exchange/admin/v1/tickers.proto

import type { AdminTicker as _exchange_admin_v1_AdminTicker, AdminTicker__Output as _exchange_admin_v1_AdminTicker__Output } from '../../../exchange/admin/v1/AdminTicker';

export interface ListTickersResponse {
  'tickers'?: (_exchange_admin_v1_AdminTicker)[];
}

export interface ListTickersResponse__Output {
  'tickers': (_exchange_admin_v1_AdminTicker__Output)[];
}
