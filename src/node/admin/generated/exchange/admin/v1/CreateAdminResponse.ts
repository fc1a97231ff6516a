// Original file: exchange/admin/v1/admins.proto


export interface CreateAdminResponse {
  'id'?: (string);
}

export interface CreateAdminResponse__Output {
  'id': (string);
}
