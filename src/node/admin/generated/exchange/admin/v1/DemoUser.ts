// Original file: exchange/admin/v1/dev.proto

import type { Amount as _exchange_admin_v1_Amount, Amount__Output as _exchange_admin_v1_Amount__Output } from '../../../exchange/admin/v1/Amount';

export interface DemoUser {
  'account_id'?: (string);
  'email'?: (string);
  'password'?: (string);
  'api_key'?: (string);
  'api_secret'?: (string);
  /**
   * What was credited to the trading balance: "USDT 100000, BTC 2, ...".
   */
  'funded'?: (_exchange_admin_v1_Amount)[];
}

export interface DemoUser__Output {
  'account_id': (string);
  'email': (string);
  'password': (string);
  'api_key': (string);
  'api_secret': (string);
  /**
   * What was credited to the trading balance: "USDT 100000, BTC 2, ...".
   */
  'funded': (_exchange_admin_v1_Amount__Output)[];
}
