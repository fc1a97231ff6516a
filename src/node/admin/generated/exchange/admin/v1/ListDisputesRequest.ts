// Original file: exchange/admin/v1/p2p.proto


export interface ListDisputesRequest {
  /**
   * Optional: open, assigned, decided.
   */
  'status'?: (string);
}

export interface ListDisputesRequest__Output {
  /**
   * Optional: open, assigned, decided.
   */
  'status': (string);
}
