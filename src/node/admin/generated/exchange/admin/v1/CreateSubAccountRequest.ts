// Original file: exchange/admin/v1/accounts.proto


export interface CreateSubAccountRequest {
  /**
   * E-mail of the master account.
   */
  'master_email'?: (string);
  /**
   * E-mail of the new sub-account (unique among all accounts).
   */
  'email'?: (string);
}

export interface CreateSubAccountRequest__Output {
  /**
   * E-mail of the master account.
   */
  'master_email': (string);
  /**
   * E-mail of the new sub-account (unique among all accounts).
   */
  'email': (string);
}
