// Original file: exchange/admin/v1/info.proto

import type { Listener as _exchange_admin_v1_Listener, Listener__Output as _exchange_admin_v1_Listener__Output } from '../../../exchange/admin/v1/Listener';
import type { Long } from '@grpc/proto-loader';

export interface GetStatusResponse {
  'version'?: (string);
  'started_at'?: (string);
  'uptime_seconds'?: (number | string | Long);
  'listeners'?: (_exchange_admin_v1_Listener)[];
  /**
   * Size of the store on disk in bytes: the database file and its write-ahead log.
   */
  'store_bytes'?: (number | string | Long);
  /**
   * Orders resting in the books, all tickers together.
   */
  'resting_orders'?: (number);
  /**
   * Write batches committed per second over the last 10 seconds, as a decimal string.
   */
  'commits_per_second'?: (string);
  'open_alerts'?: (number);
  /**
   * btc, eth, tron: the chains a node is connected for.
   */
  'connected_chains'?: (string)[];
  /**
   * True when the node was started with --dev (EXCHANGE_DEV).
   */
  'dev'?: (boolean);
}

export interface GetStatusResponse__Output {
  'version': (string);
  'started_at': (string);
  'uptime_seconds': (string);
  'listeners': (_exchange_admin_v1_Listener__Output)[];
  /**
   * Size of the store on disk in bytes: the database file and its write-ahead log.
   */
  'store_bytes': (string);
  /**
   * Orders resting in the books, all tickers together.
   */
  'resting_orders': (number);
  /**
   * Write batches committed per second over the last 10 seconds, as a decimal string.
   */
  'commits_per_second': (string);
  'open_alerts': (number);
  /**
   * btc, eth, tron: the chains a node is connected for.
   */
  'connected_chains': (string)[];
  /**
   * True when the node was started with --dev (EXCHANGE_DEV).
   */
  'dev': (boolean);
}
