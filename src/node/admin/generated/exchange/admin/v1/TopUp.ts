// Original file: exchange/admin/v1/blockchain.proto

import type { Long } from '@grpc/proto-loader';

export interface TopUp {
  'id'?: (string);
  'account_id'?: (string);
  'blockchain'?: (string);
  'asset'?: (string);
  'amount'?: (string);
  'tx_hash'?: (string);
  /**
   * pending, confirmed, orphaned, held or ignored.
   */
  'status'?: (string);
  'detected_at'?: (string);
  /**
   * Extension: output (btc) or log index (tokens); 0 for a native eth/tron transfer; for native ETH
   * moved by an internal call, 1000000 + the call's position in the transaction's call tree (pre-order).
   */
  'tx_index'?: (number);
  /**
   * Extension: the deposit address that received it, and the sender when the chain tells.
   */
  'address'?: (string);
  'from_address'?: (string);
  'block_height'?: (number | string | Long);
  'updated_at'?: (string);
}

export interface TopUp__Output {
  'id': (string);
  'account_id': (string);
  'blockchain': (string);
  'asset': (string);
  'amount': (string);
  'tx_hash': (string);
  /**
   * pending, confirmed, orphaned, held or ignored.
   */
  'status': (string);
  'detected_at': (string);
  /**
   * Extension: output (btc) or log index (tokens); 0 for a native eth/tron transfer; for native ETH
   * moved by an internal call, 1000000 + the call's position in the transaction's call tree (pre-order).
   */
  'tx_index': (number);
  /**
   * Extension: the deposit address that received it, and the sender when the chain tells.
   */
  'address': (string);
  'from_address': (string);
  'block_height': (string);
  'updated_at': (string);
}
