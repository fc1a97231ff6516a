// Original file: exchange/admin/v1/info.proto


export interface GetStatusRequest {
}

export interface GetStatusRequest__Output {
}
