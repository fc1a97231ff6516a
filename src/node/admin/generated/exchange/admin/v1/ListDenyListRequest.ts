// Original file: exchange/admin/v1/blockchain.proto


export interface ListDenyListRequest {
}

export interface ListDenyListRequest__Output {
}
