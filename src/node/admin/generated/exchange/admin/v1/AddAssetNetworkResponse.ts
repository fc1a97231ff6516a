// Original file: exchange/admin/v1/assets.proto


export interface AddAssetNetworkResponse {
  'network_id'?: (string);
}

export interface AddAssetNetworkResponse__Output {
  'network_id': (string);
}
