// Original file: exchange/admin/v1/tiers.proto


export interface UpdateTierResponse {
  'success'?: (boolean);
}

export interface UpdateTierResponse__Output {
  'success': (boolean);
}
