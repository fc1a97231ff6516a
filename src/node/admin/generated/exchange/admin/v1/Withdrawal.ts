// Original file: exchange/admin/v1/blockchain.proto


export interface Withdrawal {
  'id'?: (string);
  'account_id'?: (string);
  'blockchain'?: (string);
  'asset'?: (string);
  'amount'?: (string);
  'to_address'?: (string);
  'tx_hash'?: (string);
  /**
   * pending, processing, broadcast, confirmed or failed.
   */
  'status'?: (string);
  'created_at'?: (string);
  /**
   * Extensions.
   */
  'fee'?: (string);
  'memo'?: (string);
  'client_withdrawal_id'?: (string);
  /**
   * True while a large withdrawal waits for ApproveWithdrawal / RejectWithdrawal.
   */
  'awaiting_approval'?: (boolean);
  'approved_by'?: (string);
  'failure'?: (string);
  'updated_at'?: (string);
  /**
   * Pending only: what the withdrawal waits for before it can be sent — hot_wallet_funds,
   * change_confirming or chain_unreachable; empty otherwise.
   */
  'waiting_for'?: (string);
  /**
   * Fee bump: the hashes of the withdrawal's other signed transactions, first one first — replaced
   * at a higher fee while not mined; once tx_hash is mined (it is then the one that was), none of
   * them can be.
   */
  'replaced_tx_hashes'?: (string)[];
}

export interface Withdrawal__Output {
  'id': (string);
  'account_id': (string);
  'blockchain': (string);
  'asset': (string);
  'amount': (string);
  'to_address': (string);
  'tx_hash': (string);
  /**
   * pending, processing, broadcast, confirmed or failed.
   */
  'status': (string);
  'created_at': (string);
  /**
   * Extensions.
   */
  'fee': (string);
  'memo': (string);
  'client_withdrawal_id': (string);
  /**
   * True while a large withdrawal waits for ApproveWithdrawal / RejectWithdrawal.
   */
  'awaiting_approval': (boolean);
  'approved_by': (string);
  'failure': (string);
  'updated_at': (string);
  /**
   * Pending only: what the withdrawal waits for before it can be sent — hot_wallet_funds,
   * change_confirming or chain_unreachable; empty otherwise.
   */
  'waiting_for': (string);
  /**
   * Fee bump: the hashes of the withdrawal's other signed transactions, first one first — replaced
   * at a higher fee while not mined; once tx_hash is mined (it is then the one that was), none of
   * them can be.
   */
  'replaced_tx_hashes': (string)[];
}
