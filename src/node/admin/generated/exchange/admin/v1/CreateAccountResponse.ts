// Original file: exchange/admin/v1/accounts.proto


export interface CreateAccountResponse {
  'id'?: (string);
  'email'?: (string);
}

export interface CreateAccountResponse__Output {
  'id': (string);
  'email': (string);
}
