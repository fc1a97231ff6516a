// Original file: exchange/admin/v1/accounts.proto


export interface Transaction {
  /**
   * Ledger entry id.
   */
  'id'?: (string);
  /**
   * Ledger transaction type (manual_topup, manual_withdraw, transfer, trade, fee, hold, release, ...).
   */
  'type'?: (string);
  'asset'?: (string);
  /**
   * Signed decimal string: positive credits the balance account, negative debits it.
   */
  'amount'?: (string);
  'balance_account_id'?: (string);
  /**
   * Ledger transaction id (the operation_id of manual operations).
   */
  'reference_id'?: (string);
  'created_at'?: (string);
  /**
   * available or locked.
   */
  'bucket'?: (string);
  /**
   * Reason given for a manual operation.
   */
  'reason'?: (string);
}

export interface Transaction__Output {
  /**
   * Ledger entry id.
   */
  'id': (string);
  /**
   * Ledger transaction type (manual_topup, manual_withdraw, transfer, trade, fee, hold, release, ...).
   */
  'type': (string);
  'asset': (string);
  /**
   * Signed decimal string: positive credits the balance account, negative debits it.
   */
  'amount': (string);
  'balance_account_id': (string);
  /**
   * Ledger transaction id (the operation_id of manual operations).
   */
  'reference_id': (string);
  'created_at': (string);
  /**
   * available or locked.
   */
  'bucket': (string);
  /**
   * Reason given for a manual operation.
   */
  'reason': (string);
}
