// Original file: exchange/admin/v1/assets.proto


export interface SetAssetActiveRequest {
  'code'?: (string);
  'active'?: (boolean);
}

export interface SetAssetActiveRequest__Output {
  'code': (string);
  'active': (boolean);
}
