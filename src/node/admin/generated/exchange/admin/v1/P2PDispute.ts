// Original file: exchange/admin/v1/p2p.proto


export interface P2PDispute {
  'id'?: (string);
  'order_id'?: (string);
  'initiator'?: (string);
  'reason'?: (string);
  'arbitrator_id'?: (string);
  /**
   * open (no arbitrator yet), assigned, decided.
   */
  'status'?: (string);
  /**
   * buyer or seller once decided.
   */
  'winner'?: (string);
  'comment'?: (string);
  'decided_by'?: (string);
  'created_at'?: (string);
  'assigned_at'?: (string);
  'decided_at'?: (string);
}

export interface P2PDispute__Output {
  'id': (string);
  'order_id': (string);
  'initiator': (string);
  'reason': (string);
  'arbitrator_id': (string);
  /**
   * open (no arbitrator yet), assigned, decided.
   */
  'status': (string);
  /**
   * buyer or seller once decided.
   */
  'winner': (string);
  'comment': (string);
  'decided_by': (string);
  'created_at': (string);
  'assigned_at': (string);
  'decided_at': (string);
}
