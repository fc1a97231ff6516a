// Original file: exchange/admin/v1/operations.proto


export interface ManualWithdrawBalanceAccountResponse {
  /**
   * The ledger transaction id.
   */
  'operation_id'?: (string);
}

export interface ManualWithdrawBalanceAccountResponse__Output {
  /**
   * The ledger transaction id.
   */
  'operation_id': (string);
}
