// Original file: exchange/admin/v1/assets.proto


export interface ListAssetsRequest {
  'include_inactive'?: (boolean);
}

export interface ListAssetsRequest__Output {
  'include_inactive': (boolean);
}
