// Original file: exchange/admin/v1/blockchain.proto

import type { Long } from '@grpc/proto-loader';

export interface RescanDepositsRequest {
  /**
   * btc, eth or tron (a connected chain).
   */
  'blockchain'?: (string);
  /**
   * First block height to read again (0 up to the last height scanned).
   */
  'from_height'?: (number | string | Long);
}

export interface RescanDepositsRequest__Output {
  /**
   * btc, eth or tron (a connected chain).
   */
  'blockchain': (string);
  /**
   * First block height to read again (0 up to the last height scanned).
   */
  'from_height': (string);
}
