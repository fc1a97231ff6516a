// Original file: exchange/admin/v1/ping.proto


export interface PingRequest {
}

export interface PingRequest__Output {
}
