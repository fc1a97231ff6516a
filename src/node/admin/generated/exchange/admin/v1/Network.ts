// Original file: exchange/admin/v1/info.proto


export interface Network {
  'id'?: (string);
  'asset'?: (string);
  'network'?: (string);
  'deposit_enabled'?: (boolean);
  'withdraw_enabled'?: (boolean);
}

export interface Network__Output {
  'id': (string);
  'asset': (string);
  'network': (string);
  'deposit_enabled': (boolean);
  'withdraw_enabled': (boolean);
}
