// Original file: exchange/admin/v1/admins.proto


export interface SetAdminRoleRequest {
  'email'?: (string);
  'role'?: (string);
}

export interface SetAdminRoleRequest__Output {
  'email': (string);
  'role': (string);
}
