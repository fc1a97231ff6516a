// Original file: exchange/admin/v1/p2p.proto

import type { P2PHistoryEntry as _exchange_admin_v1_P2PHistoryEntry, P2PHistoryEntry__Output as _exchange_admin_v1_P2PHistoryEntry__Output } from '../../../exchange/admin/v1/P2PHistoryEntry';

export interface P2POrder {
  'id'?: (string);
  'advertisement_id'?: (string);
  'asset'?: (string);
  'fiat'?: (string);
  'price'?: (string);
  'amount'?: (string);
  'fiat_amount'?: (string);
  'fee'?: (string);
  'buyer_id'?: (string);
  'seller_id'?: (string);
  'maker_id'?: (string);
  'taker_id'?: (string);
  'payment_method'?: (string);
  /**
   * CREATED, ACCEPTED, REJECTED, CANCELLED, PROCESSING, PAYMENT_COMPLETED, PAYMENT_CONFIRMED,
   * SUCCESS, DISPUTE_START, DISPUTE_DECISION_AWAITING, DISPUTE_DECIDED.
   */
  'status'?: (string);
  /**
   * Deadline of the current state's timer; empty when none.
   */
  'expires_at'?: (string);
  'created_at'?: (string);
  'updated_at'?: (string);
  'history'?: (_exchange_admin_v1_P2PHistoryEntry)[];
}

export interface P2POrder__Output {
  'id': (string);
  'advertisement_id': (string);
  'asset': (string);
  'fiat': (string);
  'price': (string);
  'amount': (string);
  'fiat_amount': (string);
  'fee': (string);
  'buyer_id': (string);
  'seller_id': (string);
  'maker_id': (string);
  'taker_id': (string);
  'payment_method': (string);
  /**
   * CREATED, ACCEPTED, REJECTED, CANCELLED, PROCESSING, PAYMENT_COMPLETED, PAYMENT_CONFIRMED,
   * SUCCESS, DISPUTE_START, DISPUTE_DECISION_AWAITING, DISPUTE_DECIDED.
   */
  'status': (string);
  /**
   * Deadline of the current state's timer; empty when none.
   */
  'expires_at': (string);
  'created_at': (string);
  'updated_at': (string);
  'history': (_exchange_admin_v1_P2PHistoryEntry__Output)[];
}
