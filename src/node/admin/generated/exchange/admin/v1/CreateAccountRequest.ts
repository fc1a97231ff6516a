// Original file: exchange/admin/v1/accounts.proto


export interface CreateAccountRequest {
  'email'?: (string);
  'password'?: (string);
}

export interface CreateAccountRequest__Output {
  'email': (string);
  'password': (string);
}
