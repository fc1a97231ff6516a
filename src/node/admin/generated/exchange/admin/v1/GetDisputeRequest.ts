// Original file: exchange/admin/v1/p2p.proto


export interface GetDisputeRequest {
  'dispute_id'?: (string);
}

export interface GetDisputeRequest__Output {
  'dispute_id': (string);
}
