// Original file: exchange/admin/v1/admins.proto


export interface Admin {
  'id'?: (string);
  'email'?: (string);
  'role'?: (string);
  'disabled'?: (boolean);
  'is_totp_enabled'?: (boolean);
  'created_at'?: (string);
}

export interface Admin__Output {
  'id': (string);
  'email': (string);
  'role': (string);
  'disabled': (boolean);
  'is_totp_enabled': (boolean);
  'created_at': (string);
}
