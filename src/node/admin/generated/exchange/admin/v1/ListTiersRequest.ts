// Original file: exchange/admin/v1/info.proto


export interface ListTiersRequest {
}

export interface ListTiersRequest__Output {
}
