// Original file: exchange/admin/v1/admins.proto


export interface AuditEntry {
  'id'?: (string);
  'admin_id'?: (string);
  'admin_email'?: (string);
  'role'?: (string);
  /**
   * Service/Method called through the AdminGateway, or the gateway action (sign_in, ...).
   */
  'action'?: (string);
  /**
   * JSON of the request with secrets redacted.
   */
  'request'?: (string);
  /**
   * ok, denied, or the error code.
   */
  'result'?: (string);
  'created_at'?: (string);
}

export interface AuditEntry__Output {
  'id': (string);
  'admin_id': (string);
  'admin_email': (string);
  'role': (string);
  /**
   * Service/Method called through the AdminGateway, or the gateway action (sign_in, ...).
   */
  'action': (string);
  /**
   * JSON of the request with secrets redacted.
   */
  'request': (string);
  /**
   * ok, denied, or the error code.
   */
  'result': (string);
  'created_at': (string);
}
