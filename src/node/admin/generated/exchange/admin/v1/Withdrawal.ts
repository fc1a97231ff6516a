// Original file: exchange/admin/v1/blockchain.proto


export interface Withdrawal {
  'id'?: (string);
  'account_id'?: (string);
  'blockchain'?: (string);
  'asset'?: (string);
  'amount'?: (string);
  'to_address'?: (string);
  'tx_hash'?: (string);
  'status'?: (string);
  'created_at'?: (string);
}

export interface Withdrawal__Output {
  'id': (string);
  'account_id': (string);
  'blockchain': (string);
  'asset': (string);
  'amount': (string);
  'to_address': (string);
  'tx_hash': (string);
  'status': (string);
  'created_at': (string);
}
