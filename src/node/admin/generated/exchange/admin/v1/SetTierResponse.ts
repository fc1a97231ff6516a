// Original file: exchange/admin/v1/accounts.proto


export interface SetTierResponse {
}

export interface SetTierResponse__Output {
}
