// Original file: exchange/admin/v1/tickers.proto


export interface SetTickerActiveResponse {
  'success'?: (boolean);
}

export interface SetTickerActiveResponse__Output {
  'success': (boolean);
}
