// Original file: exchange/admin/v1/admins.proto


export interface DisableAdminResponse {
  'success'?: (boolean);
}

export interface DisableAdminResponse__Output {
  'success': (boolean);
}
