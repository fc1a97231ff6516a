// Original file: exchange/admin/v1/tickers.proto


export interface ListTickersRequest {
  'include_inactive'?: (boolean);
}

export interface ListTickersRequest__Output {
  'include_inactive': (boolean);
}
