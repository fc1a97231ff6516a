// Original file: exchange/admin/v1/accounts.proto


export interface SetTierRequest {
  'email'?: (string);
  'tier_id'?: (string);
}

export interface SetTierRequest__Output {
  'email': (string);
  'tier_id': (string);
}
