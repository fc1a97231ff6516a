// Original file: exchange/admin/v1/p2p.proto


export interface ListPaymentMethodsRequest {
}

export interface ListPaymentMethodsRequest__Output {
}
