// Original file: exchange/admin/v1/admins.proto


export interface SetAdminRoleResponse {
  'success'?: (boolean);
}

export interface SetAdminRoleResponse__Output {
  'success': (boolean);
}
