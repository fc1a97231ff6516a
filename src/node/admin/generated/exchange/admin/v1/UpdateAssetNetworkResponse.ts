// Original file: exchange/admin/v1/assets.proto


export interface UpdateAssetNetworkResponse {
  'success'?: (boolean);
}

export interface UpdateAssetNetworkResponse__Output {
  'success': (boolean);
}
