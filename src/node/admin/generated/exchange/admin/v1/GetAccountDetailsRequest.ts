// Original file: exchange/admin/v1/accounts.proto


export interface GetAccountDetailsRequest {
  'email'?: (string);
}

export interface GetAccountDetailsRequest__Output {
  'email': (string);
}
