// Original file: exchange/admin/v1/blockchain.proto


export interface WithdrawToBlockchainResponse {
  'withdraw_request_id'?: (string);
}

export interface WithdrawToBlockchainResponse__Output {
  'withdraw_request_id': (string);
}
