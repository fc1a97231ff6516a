// Original file: exchange/admin/v1/accounts.proto


export interface LoginAccountRequest {
  'email'?: (string);
  'password'?: (string);
}

export interface LoginAccountRequest__Output {
  'email': (string);
  'password': (string);
}
