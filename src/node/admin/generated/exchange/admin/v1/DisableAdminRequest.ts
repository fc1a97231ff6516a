// Original file: exchange/admin/v1/admins.proto


export interface DisableAdminRequest {
  'email'?: (string);
}

export interface DisableAdminRequest__Output {
  'email': (string);
}
