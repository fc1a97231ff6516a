// Original file: exchange/admin/v1/accounts.proto

import type { Long } from '@grpc/proto-loader';

export interface ListOrdersRequest {
  'email'?: (string);
  /**
   * Optional ticker filter (BASE-QUOTE).
   */
  'ticker'?: (string);
  /**
   * Only orders with seq > since_order_id.
   */
  'since_order_id'?: (number | string | Long);
  /**
   * Optional ISO 8601 bounds on created_at.
   */
  'start_time'?: (string);
  'end_time'?: (string);
  /**
   * Default 100 (for 0), maximum 1000; above it INVALID_ARGUMENT.
   */
  'limit'?: (number | string | Long);
  /**
   * Optional: open, partial, filled, cancelled.
   */
  'status'?: (string);
  /**
   * Orders to skip (newest first), to page past `limit`; default 0. An extension of the spec's request.
   */
  'offset'?: (number | string | Long);
}

export interface ListOrdersRequest__Output {
  'email': (string);
  /**
   * Optional ticker filter (BASE-QUOTE).
   */
  'ticker': (string);
  /**
   * Only orders with seq > since_order_id.
   */
  'since_order_id': (string);
  /**
   * Optional ISO 8601 bounds on created_at.
   */
  'start_time': (string);
  'end_time': (string);
  /**
   * Default 100 (for 0), maximum 1000; above it INVALID_ARGUMENT.
   */
  'limit': (string);
  /**
   * Optional: open, partial, filled, cancelled.
   */
  'status': (string);
  /**
   * Orders to skip (newest first), to page past `limit`; default 0. An extension of the spec's request.
   */
  'offset': (string);
}
