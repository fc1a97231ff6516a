// Original file: exchange/admin/v1/blockchain.proto


export interface TopUp {
  'id'?: (string);
  'account_id'?: (string);
  'blockchain'?: (string);
  'asset'?: (string);
  'amount'?: (string);
  'tx_hash'?: (string);
  'status'?: (string);
  'detected_at'?: (string);
}

export interface TopUp__Output {
  'id': (string);
  'account_id': (string);
  'blockchain': (string);
  'asset': (string);
  'amount': (string);
  'tx_hash': (string);
  'status': (string);
  'detected_at': (string);
}
