// Original file: exchange/admin/v1/info.proto


export interface Tier {
  'id'?: (string);
  'name'?: (string);
  /**
   * JSON object: {"maker_fee": "0.001", "taker_fee": "0.002", "orders_per_second": 10, ...}.
   */
  'limits'?: (string);
  'is_default'?: (boolean);
}

export interface Tier__Output {
  'id': (string);
  'name': (string);
  /**
   * JSON object: {"maker_fee": "0.001", "taker_fee": "0.002", "orders_per_second": 10, ...}.
   */
  'limits': (string);
  'is_default': (boolean);
}
