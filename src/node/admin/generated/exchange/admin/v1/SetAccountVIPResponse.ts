// Original file: exchange/admin/v1/accounts.proto


export interface SetAccountVIPResponse {
}

export interface SetAccountVIPResponse__Output {
}
