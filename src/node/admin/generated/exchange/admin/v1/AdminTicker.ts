// Original file: exchange/admin/v1/tickers.proto


export interface AdminTicker {
  /**
   * <BASE>-<QUOTE>.
   */
  'symbol'?: (string);
  'base_asset'?: (string);
  'quote_asset'?: (string);
  'active'?: (boolean);
  'tick_size'?: (string);
  'lot_size'?: (string);
  'min_notional'?: (string);
}

export interface AdminTicker__Output {
  /**
   * <BASE>-<QUOTE>.
   */
  'symbol': (string);
  'base_asset': (string);
  'quote_asset': (string);
  'active': (boolean);
  'tick_size': (string);
  'lot_size': (string);
  'min_notional': (string);
}
