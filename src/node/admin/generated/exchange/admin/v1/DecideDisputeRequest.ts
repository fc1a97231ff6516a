// Original file: exchange/admin/v1/p2p.proto


export interface DecideDisputeRequest {
  'dispute_id'?: (string);
  /**
   * buyer or seller.
   */
  'winner'?: (string);
  'comment'?: (string);
}

export interface DecideDisputeRequest__Output {
  'dispute_id': (string);
  /**
   * buyer or seller.
   */
  'winner': (string);
  'comment': (string);
}
