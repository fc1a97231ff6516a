// Original file: exchange/admin/v1/apikeys.proto


export interface DeleteAPIKeyResponse {
  'success'?: (boolean);
}

export interface DeleteAPIKeyResponse__Output {
  'success': (boolean);
}
