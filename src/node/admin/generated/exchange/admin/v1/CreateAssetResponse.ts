// Original file: exchange/admin/v1/assets.proto


export interface CreateAssetResponse {
  'success'?: (boolean);
}

export interface CreateAssetResponse__Output {
  'success': (boolean);
}
