// Original file: exchange/admin/v1/tickers.proto


export interface SetTickerActiveRequest {
  'symbol'?: (string);
  'active'?: (boolean);
}

export interface SetTickerActiveRequest__Output {
  'symbol': (string);
  'active': (boolean);
}
