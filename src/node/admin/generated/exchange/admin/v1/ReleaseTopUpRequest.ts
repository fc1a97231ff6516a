// Original file: exchange/admin/v1/blockchain.proto


export interface ReleaseTopUpRequest {
  'top_up_id'?: (string);
}

export interface ReleaseTopUpRequest__Output {
  'top_up_id': (string);
}
