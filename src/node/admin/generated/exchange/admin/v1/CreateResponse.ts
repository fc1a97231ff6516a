// Original file: exchange/admin/v1/alerts.proto


export interface CreateResponse {
  'alert_id'?: (string);
}

export interface CreateResponse__Output {
  'alert_id': (string);
}
