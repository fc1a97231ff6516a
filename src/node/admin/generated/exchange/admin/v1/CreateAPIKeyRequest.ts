// Original file: exchange/admin/v1/apikeys.proto


export interface CreateAPIKeyRequest {
  'account_id'?: (string);
  'permissions'?: (string)[];
  'label'?: (string);
}

export interface CreateAPIKeyRequest__Output {
  'account_id': (string);
  'permissions': (string)[];
  'label': (string);
}
