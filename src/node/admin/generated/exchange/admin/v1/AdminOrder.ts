// Original file: exchange/admin/v1/accounts.proto

import type { Long } from '@grpc/proto-loader';

export interface AdminOrder {
  'id'?: (string);
  'ticker'?: (string);
  /**
   * buy or sell.
   */
  'side'?: (string);
  /**
   * limit or market.
   */
  'type'?: (string);
  'price'?: (string);
  'qty'?: (string);
  'filled_qty'?: (string);
  /**
   * open, partial, filled, cancelled.
   */
  'status'?: (string);
  'created_at'?: (string);
  'seq'?: (number | string | Long);
  'client_order_id'?: (string);
  'time_in_force'?: (string);
  'updated_at'?: (string);
}

export interface AdminOrder__Output {
  'id': (string);
  'ticker': (string);
  /**
   * buy or sell.
   */
  'side': (string);
  /**
   * limit or market.
   */
  'type': (string);
  'price': (string);
  'qty': (string);
  'filled_qty': (string);
  /**
   * open, partial, filled, cancelled.
   */
  'status': (string);
  'created_at': (string);
  'seq': (string);
  'client_order_id': (string);
  'time_in_force': (string);
  'updated_at': (string);
}
