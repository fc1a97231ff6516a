// Original file: exchange/admin/v1/assets.proto


export interface SetAssetActiveResponse {
  'success'?: (boolean);
}

export interface SetAssetActiveResponse__Output {
  'success': (boolean);
}
