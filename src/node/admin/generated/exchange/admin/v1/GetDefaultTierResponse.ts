// Original file: exchange/admin/v1/tiers.proto


export interface GetDefaultTierResponse {
  'tier_id'?: (string);
  'tier_name'?: (string);
}

export interface GetDefaultTierResponse__Output {
  'tier_id': (string);
  'tier_name': (string);
}
