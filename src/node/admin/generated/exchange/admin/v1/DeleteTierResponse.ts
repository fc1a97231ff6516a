// Original file: exchange/admin/v1/tiers.proto


export interface DeleteTierResponse {
  'success'?: (boolean);
}

export interface DeleteTierResponse__Output {
  'success': (boolean);
}
