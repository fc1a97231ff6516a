// Original file: exchange/admin/v1/operations.proto


export interface ManualTopupBalanceAccountRequest {
  'balance_account_id'?: (string);
  'asset'?: (string);
  /**
   * Positive decimal string, at most the asset's decimals.
   */
  'amount'?: (string);
  /**
   * Why the operation is made; recorded in the ledger journal.
   */
  'reason'?: (string);
  /**
   * Optional: a retried request with the same key is applied once and returns the same operation_id.
   */
  'idempotency_key'?: (string);
}

export interface ManualTopupBalanceAccountRequest__Output {
  'balance_account_id': (string);
  'asset': (string);
  /**
   * Positive decimal string, at most the asset's decimals.
   */
  'amount': (string);
  /**
   * Why the operation is made; recorded in the ledger journal.
   */
  'reason': (string);
  /**
   * Optional: a retried request with the same key is applied once and returns the same operation_id.
   */
  'idempotency_key': (string);
}
