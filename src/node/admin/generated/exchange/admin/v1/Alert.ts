// Original file: exchange/admin/v1/alerts.proto


export interface Alert {
  'id'?: (string);
  /**
   * aml_hit, large_withdrawal, system_error, login_lockout, ...
   */
  'type'?: (string);
  /**
   * info, warning or critical.
   */
  'severity'?: (string);
  /**
   * JSON object with details.
   */
  'payload'?: (string);
  /**
   * open, acknowledged or resolved.
   */
  'status'?: (string);
  'created_at'?: (string);
  /**
   * Empty until resolved.
   */
  'resolved_at'?: (string);
  'comment'?: (string);
  'resolution'?: (string);
  'updated_at'?: (string);
}

export interface Alert__Output {
  'id': (string);
  /**
   * aml_hit, large_withdrawal, system_error, login_lockout, ...
   */
  'type': (string);
  /**
   * info, warning or critical.
   */
  'severity': (string);
  /**
   * JSON object with details.
   */
  'payload': (string);
  /**
   * open, acknowledged or resolved.
   */
  'status': (string);
  'created_at': (string);
  /**
   * Empty until resolved.
   */
  'resolved_at': (string);
  'comment': (string);
  'resolution': (string);
  'updated_at': (string);
}
