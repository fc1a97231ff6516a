// Original file: exchange/admin/v1/p2p.proto


export interface SetReferenceRateRequest {
  'asset'?: (string);
  'fiat'?: (string);
  'rate'?: (string);
}

export interface SetReferenceRateRequest__Output {
  'asset': (string);
  'fiat': (string);
  'rate': (string);
}
