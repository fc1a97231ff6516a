// Original file: exchange/admin/v1/assets.proto


export interface AddAssetNetworkRequest {
  'asset'?: (string);
  /**
   * Network name, lower case (btc, eth, tron, ...).
   */
  'network'?: (string);
  'deposit_enabled'?: (boolean);
  'withdraw_enabled'?: (boolean);
}

export interface AddAssetNetworkRequest__Output {
  'asset': (string);
  /**
   * Network name, lower case (btc, eth, tron, ...).
   */
  'network': (string);
  'deposit_enabled': (boolean);
  'withdraw_enabled': (boolean);
}
