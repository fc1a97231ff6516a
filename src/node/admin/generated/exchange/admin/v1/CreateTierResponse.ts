// Original file: exchange/admin/v1/tiers.proto


export interface CreateTierResponse {
  'tier_id'?: (string);
}

export interface CreateTierResponse__Output {
  'tier_id': (string);
}
