// Original file: exchange/admin/v1/blockchain.proto


export interface AddDenyListAddressRequest {
  'address'?: (string);
  'reason'?: (string);
}

export interface AddDenyListAddressRequest__Output {
  'address': (string);
  'reason': (string);
}
