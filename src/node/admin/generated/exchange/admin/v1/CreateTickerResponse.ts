// Original file: exchange/admin/v1/tickers.proto


export interface CreateTickerResponse {
  'success'?: (boolean);
}

export interface CreateTickerResponse__Output {
  'success': (boolean);
}
