// Original file: exchange/admin/v1/blockchain.proto


export interface GetWalletRequest {
}

export interface GetWalletRequest__Output {
}
