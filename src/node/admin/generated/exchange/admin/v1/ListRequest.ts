// Original file: exchange/admin/v1/alerts.proto


export interface ListRequest {
  /**
   * Optional: open, acknowledged or resolved.
   */
  'status'?: (string);
  /**
   * Optional: info, warning or critical.
   */
  'severity'?: (string);
  /**
   * Keep the stream open and send every new or changed matching alert.
   */
  'follow'?: (boolean);
}

export interface ListRequest__Output {
  /**
   * Optional: open, acknowledged or resolved.
   */
  'status': (string);
  /**
   * Optional: info, warning or critical.
   */
  'severity': (string);
  /**
   * Keep the stream open and send every new or changed matching alert.
   */
  'follow': (boolean);
}
