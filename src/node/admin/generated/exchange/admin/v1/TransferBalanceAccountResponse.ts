// Original file: exchange/admin/v1/operations.proto


export interface TransferBalanceAccountResponse {
  /**
   * The ledger transaction id.
   */
  'operation_id'?: (string);
}

export interface TransferBalanceAccountResponse__Output {
  /**
   * The ledger transaction id.
   */
  'operation_id': (string);
}
