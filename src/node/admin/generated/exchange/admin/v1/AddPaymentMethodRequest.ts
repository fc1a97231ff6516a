// Original file: exchange/admin/v1/p2p.proto


export interface AddPaymentMethodRequest {
  'id'?: (string);
  'name'?: (string);
  'kind'?: (string);
}

export interface AddPaymentMethodRequest__Output {
  'id': (string);
  'name': (string);
  'kind': (string);
}
