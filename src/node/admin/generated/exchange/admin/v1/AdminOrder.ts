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
   * limit, market, stop_limit or stop_market.
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
  /**
   * A stop order's stop price; empty for other orders.
   */
  'stop_price'?: (string);
  /**
   * A stop order's direction: rise (triggers at last price >= stop_price) or fall (<=); empty for other orders.
   */
  'stop_direction'?: (string);
  /**
   * When a stop order triggered and entered the book; empty while it waits, and for other orders.
   */
  'triggered_at'?: (string);
}

export interface AdminOrder__Output {
  'id': (string);
  'ticker': (string);
  /**
   * buy or sell.
   */
  'side': (string);
  /**
   * limit, market, stop_limit or stop_market.
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
  /**
   * A stop order's stop price; empty for other orders.
   */
  'stop_price': (string);
  /**
   * A stop order's direction: rise (triggers at last price >= stop_price) or fall (<=); empty for other orders.
   */
  'stop_direction': (string);
  /**
   * When a stop order triggered and entered the book; empty while it waits, and for other orders.
   */
  'triggered_at': (string);
}
