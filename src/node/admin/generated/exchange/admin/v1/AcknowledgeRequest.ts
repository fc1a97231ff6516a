// Original file: exchange/admin/v1/alerts.proto


export interface AcknowledgeRequest {
  'alert_id'?: (string);
  'comment'?: (string);
}

export interface AcknowledgeRequest__Output {
  'alert_id': (string);
  'comment': (string);
}
