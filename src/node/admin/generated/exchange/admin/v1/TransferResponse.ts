// Original file: exchange/admin/v1/operations.proto


export interface TransferResponse {
  /**
   * The ledger transaction id.
   */
  'operation_id'?: (string);
}

export interface TransferResponse__Output {
  /**
   * The ledger transaction id.
   */
  'operation_id': (string);
}
