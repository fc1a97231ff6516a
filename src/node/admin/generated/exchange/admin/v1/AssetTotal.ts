// Original file: exchange/admin/v1/ledger.proto


export interface AssetTotal {
  'asset'?: (string);
  /**
   * Sum of all journal entries of the asset; "0" when balanced.
   */
  'journal_sum'?: (string);
  /**
   * Sum of the user balances (funding + trading, available + locked).
   */
  'user_total'?: (string);
}

export interface AssetTotal__Output {
  'asset': (string);
  /**
   * Sum of all journal entries of the asset; "0" when balanced.
   */
  'journal_sum': (string);
  /**
   * Sum of the user balances (funding + trading, available + locked).
   */
  'user_total': (string);
}
