// Original file: exchange/admin/v1/tiers.proto


export interface CreateTierRequest {
  'name'?: (string);
  /**
   * JSON object: {"maker_fee": "0.001", "taker_fee": "0.002", "orders_per_second": 10,
   * "withdrawal_limit_24h": {"BTC": "2"}}; unknown keys are kept.
   */
  'limits'?: (string);
}

export interface CreateTierRequest__Output {
  'name': (string);
  /**
   * JSON object: {"maker_fee": "0.001", "taker_fee": "0.002", "orders_per_second": 10,
   * "withdrawal_limit_24h": {"BTC": "2"}}; unknown keys are kept.
   */
  'limits': (string);
}
