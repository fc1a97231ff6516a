// Original file: exchange/admin/v1/blockchain.proto


export interface RemoveDenyListAddressResponse {
}

export interface RemoveDenyListAddressResponse__Output {
}
