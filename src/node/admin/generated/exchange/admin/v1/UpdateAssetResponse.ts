// Original file: exchange/admin/v1/assets.proto


export interface UpdateAssetResponse {
  'success'?: (boolean);
}

export interface UpdateAssetResponse__Output {
  'success': (boolean);
}
