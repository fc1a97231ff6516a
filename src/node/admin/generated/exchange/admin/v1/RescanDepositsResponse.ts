// Original file: exchange/admin/v1/blockchain.proto

import type { Long } from '@grpc/proto-loader';

export interface RescanDepositsResponse {
  'blockchain'?: (string);
  'from_height'?: (number | string | Long);
  /**
   * The last height scanned when the rescan was asked for: it reads up to here.
   */
  'to_height'?: (number | string | Long);
}

export interface RescanDepositsResponse__Output {
  'blockchain': (string);
  'from_height': (string);
  /**
   * The last height scanned when the rescan was asked for: it reads up to here.
   */
  'to_height': (string);
}
