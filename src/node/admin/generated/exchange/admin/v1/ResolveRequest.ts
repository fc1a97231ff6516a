// Original file: exchange/admin/v1/alerts.proto


export interface ResolveRequest {
  'alert_id'?: (string);
  'resolution'?: (string);
}

export interface ResolveRequest__Output {
  'alert_id': (string);
  'resolution': (string);
}
