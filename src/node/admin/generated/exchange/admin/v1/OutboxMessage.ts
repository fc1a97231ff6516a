// Original file: exchange/admin/v1/outbox.proto


export interface OutboxMessage {
  'id'?: (string);
  /**
   * email or sms.
   */
  'channel'?: (string);
  'to'?: (string);
  'subject'?: (string);
  'body'?: (string);
  /**
   * stored (kept in the outbox), sent, failed.
   */
  'status'?: (string);
  'created_at'?: (string);
  /**
   * The verification code the message carries (sign-up codes), kept only while the message is
   * stored; empty otherwise.
   */
  'code'?: (string);
}

export interface OutboxMessage__Output {
  'id': (string);
  /**
   * email or sms.
   */
  'channel': (string);
  'to': (string);
  'subject': (string);
  'body': (string);
  /**
   * stored (kept in the outbox), sent, failed.
   */
  'status': (string);
  'created_at': (string);
  /**
   * The verification code the message carries (sign-up codes), kept only while the message is
   * stored; empty otherwise.
   */
  'code': (string);
}
