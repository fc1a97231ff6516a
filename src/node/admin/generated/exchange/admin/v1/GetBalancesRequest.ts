// Original file: exchange/admin/v1/accounts.proto


export interface GetBalancesRequest {
  'email'?: (string);
}

export interface GetBalancesRequest__Output {
  'email': (string);
}
