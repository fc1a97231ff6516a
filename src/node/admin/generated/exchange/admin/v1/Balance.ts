// Original file: exchange/admin/v1/accounts.proto


export interface Balance {
  'asset'?: (string);
  /**
   * available + locked, decimal string.
   */
  'amount'?: (string);
  /**
   * funding or trading.
   */
  'account_type'?: (string);
  'available'?: (string);
  'locked'?: (string);
  'balance_account_id'?: (string);
}

export interface Balance__Output {
  'asset': (string);
  /**
   * available + locked, decimal string.
   */
  'amount': (string);
  /**
   * funding or trading.
   */
  'account_type': (string);
  'available': (string);
  'locked': (string);
  'balance_account_id': (string);
}
