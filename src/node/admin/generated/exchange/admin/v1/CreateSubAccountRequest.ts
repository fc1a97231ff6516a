// Original file: exchange/admin/v1/accounts.proto


export interface CreateSubAccountRequest {
  /**
   * E-mail of the master account (or master_account_id; exactly one of the two).
   */
  'master_email'?: (string);
  /**
   * E-mail of the new sub-account (unique among all accounts).
   */
  'email'?: (string);
  /**
   * Id of the master account (or master_email; exactly one of the two).
   */
  'master_account_id'?: (string);
}

export interface CreateSubAccountRequest__Output {
  /**
   * E-mail of the master account (or master_account_id; exactly one of the two).
   */
  'master_email': (string);
  /**
   * E-mail of the new sub-account (unique among all accounts).
   */
  'email': (string);
  /**
   * Id of the master account (or master_email; exactly one of the two).
   */
  'master_account_id': (string);
}
