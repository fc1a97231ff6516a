// Original file: exchange/admin/v1/admins.proto


export interface ListAdminsRequest {
}

export interface ListAdminsRequest__Output {
}
