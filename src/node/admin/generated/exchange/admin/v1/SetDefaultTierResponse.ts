// Original file: exchange/admin/v1/tiers.proto


export interface SetDefaultTierResponse {
  'success'?: (boolean);
}

export interface SetDefaultTierResponse__Output {
  'success': (boolean);
}
