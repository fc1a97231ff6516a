// Original file: exchange/admin/v1/blockchain.proto


export interface ApproveWithdrawalRequest {
  'withdraw_request_id'?: (string);
}

export interface ApproveWithdrawalRequest__Output {
  'withdraw_request_id': (string);
}
