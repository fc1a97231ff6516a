// Original file: exchange/admin/v1/operations.proto


export interface ManualWithdrawResponse {
  /**
   * The ledger transaction id.
   */
  'operation_id'?: (string);
}

export interface ManualWithdrawResponse__Output {
  /**
   * The ledger transaction id.
   */
  'operation_id': (string);
}
