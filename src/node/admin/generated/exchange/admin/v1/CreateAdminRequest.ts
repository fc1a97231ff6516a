// Original file: exchange/admin/v1/admins.proto


export interface CreateAdminRequest {
  'email'?: (string);
  'password'?: (string);
  'role'?: (string);
}

export interface CreateAdminRequest__Output {
  'email': (string);
  'password': (string);
  'role': (string);
}
