// Original file: exchange/admin/v1/tickers.proto


export interface CreateTickerRequest {
  /**
   * <BASE>-<QUOTE> of two existing assets.
   */
  'symbol'?: (string);
  'base_asset'?: (string);
  'quote_asset'?: (string);
  /**
   * Optional decimal strings; defaults derive from the assets' decimals.
   */
  'tick_size'?: (string);
  'lot_size'?: (string);
  'min_notional'?: (string);
}

export interface CreateTickerRequest__Output {
  /**
   * <BASE>-<QUOTE> of two existing assets.
   */
  'symbol': (string);
  'base_asset': (string);
  'quote_asset': (string);
  /**
   * Optional decimal strings; defaults derive from the assets' decimals.
   */
  'tick_size': (string);
  'lot_size': (string);
  'min_notional': (string);
}
