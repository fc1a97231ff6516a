// Original file: exchange/admin/v1/apikeys.proto


export interface ListAPIKeysRequest {
  'account_id'?: (string);
}

export interface ListAPIKeysRequest__Output {
  'account_id': (string);
}
