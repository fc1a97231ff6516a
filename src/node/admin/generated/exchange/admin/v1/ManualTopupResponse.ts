// Original file: exchange/admin/v1/operations.proto


export interface ManualTopupResponse {
  /**
   * The ledger transaction id.
   */
  'operation_id'?: (string);
}

export interface ManualTopupResponse__Output {
  /**
   * The ledger transaction id.
   */
  'operation_id': (string);
}
