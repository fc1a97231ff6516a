// Original file: exchange/admin/v1/assets.proto


export interface AssetNetwork {
  'id'?: (string);
  'network'?: (string);
  'deposit_enabled'?: (boolean);
  'withdraw_enabled'?: (boolean);
}

export interface AssetNetwork__Output {
  'id': (string);
  'network': (string);
  'deposit_enabled': (boolean);
  'withdraw_enabled': (boolean);
}
