// Original file: exchange/admin/v1/accounts.proto


export interface SetAccountVIPRequest {
  'email'?: (string);
  'is_vip'?: (boolean);
}

export interface SetAccountVIPRequest__Output {
  'email': (string);
  'is_vip': (boolean);
}
