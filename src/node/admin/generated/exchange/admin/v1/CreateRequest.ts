// Original file: exchange/admin/v1/alerts.proto


export interface CreateRequest {
  'type'?: (string);
  'severity'?: (string);
  'payload'?: (string);
}

export interface CreateRequest__Output {
  'type': (string);
  'severity': (string);
  'payload': (string);
}
