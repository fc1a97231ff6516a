// Original file: exchange/admin/v1/operations.proto


export interface ManualTopupBalanceAccountResponse {
  /**
   * The ledger transaction id.
   */
  'operation_id'?: (string);
}

export interface ManualTopupBalanceAccountResponse__Output {
  /**
   * The ledger transaction id.
   */
  'operation_id': (string);
}
