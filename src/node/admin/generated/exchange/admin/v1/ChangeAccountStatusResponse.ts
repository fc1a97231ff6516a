// Original file: exchange/admin/v1/accounts.proto


export interface ChangeAccountStatusResponse {
}

export interface ChangeAccountStatusResponse__Output {
}
