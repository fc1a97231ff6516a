// Original file: exchange/admin/v1/p2p.proto


export interface ListReferenceRatesRequest {
}

export interface ListReferenceRatesRequest__Output {
}
