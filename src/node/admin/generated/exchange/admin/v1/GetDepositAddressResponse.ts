// Original file: exchange/admin/v1/blockchain.proto


export interface GetDepositAddressResponse {
  'address'?: (string);
}

export interface GetDepositAddressResponse__Output {
  'address': (string);
}
