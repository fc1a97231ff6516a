// Original file: exchange/admin/v1/alerts.proto


export interface AcknowledgeResponse {
  'success'?: (boolean);
}

export interface AcknowledgeResponse__Output {
  'success': (boolean);
}
