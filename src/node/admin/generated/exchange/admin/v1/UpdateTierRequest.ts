// Original file: exchange/admin/v1/tiers.proto


export interface UpdateTierRequest {
  'tier_id'?: (string);
  /**
   * Empty keeps the current name.
   */
  'name'?: (string);
  /**
   * Empty keeps the current limits.
   */
  'limits'?: (string);
}

export interface UpdateTierRequest__Output {
  'tier_id': (string);
  /**
   * Empty keeps the current name.
   */
  'name': (string);
  /**
   * Empty keeps the current limits.
   */
  'limits': (string);
}
