// Original file: exchange/admin/v1/tiers.proto


export interface DeleteTierRequest {
  'tier_id'?: (string);
}

export interface DeleteTierRequest__Output {
  'tier_id': (string);
}
