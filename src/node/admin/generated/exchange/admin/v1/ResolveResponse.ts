// Original file: exchange/admin/v1/alerts.proto


export interface ResolveResponse {
  'success'?: (boolean);
}

export interface ResolveResponse__Output {
  'success': (boolean);
}
