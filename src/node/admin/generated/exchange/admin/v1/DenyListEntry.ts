// Original file: exchange/admin/v1/blockchain.proto


export interface DenyListEntry {
  'address'?: (string);
  'reason'?: (string);
  'created_at'?: (string);
}

export interface DenyListEntry__Output {
  'address': (string);
  'reason': (string);
  'created_at': (string);
}
