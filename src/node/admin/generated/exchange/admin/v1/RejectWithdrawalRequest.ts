// Original file: exchange/admin/v1/blockchain.proto


export interface RejectWithdrawalRequest {
  'withdraw_request_id'?: (string);
  'reason'?: (string);
}

export interface RejectWithdrawalRequest__Output {
  'withdraw_request_id': (string);
  'reason': (string);
}
