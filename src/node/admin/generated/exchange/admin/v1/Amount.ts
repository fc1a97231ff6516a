// Original file: exchange/admin/v1/common.proto


export interface Amount {
  /**
   * Decimal string in plain notation.
   */
  'value'?: (string);
  /**
   * Asset code.
   */
  'asset'?: (string);
}

export interface Amount__Output {
  /**
   * Decimal string in plain notation.
   */
  'value': (string);
  /**
   * Asset code.
   */
  'asset': (string);
}
