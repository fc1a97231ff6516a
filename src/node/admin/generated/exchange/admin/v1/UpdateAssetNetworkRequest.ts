// Original file: exchange/admin/v1/assets.proto


export interface UpdateAssetNetworkRequest {
  'network_id'?: (string);
  /**
   * Unset keeps the current value.
   */
  'deposit_enabled'?: (boolean);
  'withdraw_enabled'?: (boolean);
  '_deposit_enabled'?: "deposit_enabled";
  '_withdraw_enabled'?: "withdraw_enabled";
}

export interface UpdateAssetNetworkRequest__Output {
  'network_id': (string);
  /**
   * Unset keeps the current value.
   */
  'deposit_enabled'?: (boolean);
  'withdraw_enabled'?: (boolean);
  '_deposit_enabled'?: "deposit_enabled";
  '_withdraw_enabled'?: "withdraw_enabled";
}
