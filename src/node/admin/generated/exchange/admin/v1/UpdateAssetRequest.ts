// Original file: exchange/admin/v1/assets.proto


export interface UpdateAssetRequest {
  'code'?: (string);
  'name'?: (string);
}

export interface UpdateAssetRequest__Output {
  'code': (string);
  'name': (string);
}
