// Original file: exchange/admin/v1/tiers.proto


export interface SetDefaultTierRequest {
  'tier_id'?: (string);
}

export interface SetDefaultTierRequest__Output {
  'tier_id': (string);
}
