// Original file: exchange/admin/v1/blockchain.proto


export interface GetWithdrawRequestStatusRequest {
  'withdraw_request_id'?: (string);
}

export interface GetWithdrawRequestStatusRequest__Output {
  'withdraw_request_id': (string);
}
