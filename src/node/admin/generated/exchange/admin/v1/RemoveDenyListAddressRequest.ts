// Original file: exchange/admin/v1/blockchain.proto


export interface RemoveDenyListAddressRequest {
  'address'?: (string);
}

export interface RemoveDenyListAddressRequest__Output {
  'address': (string);
}
