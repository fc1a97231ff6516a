// Original file: exchange/admin/v1/apikeys.proto


export interface DeleteAPIKeyRequest {
  'key_id'?: (string);
}

export interface DeleteAPIKeyRequest__Output {
  'key_id': (string);
}
