// Original file: exchange/admin/v1/hotwallets.proto


export interface TransferAssetRequest {
  'from_address'?: (string);
  'to_address'?: (string);
  'blockchain'?: (string);
  'asset'?: (string);
  'amount'?: (string);
}

export interface TransferAssetRequest__Output {
  'from_address': (string);
  'to_address': (string);
  'blockchain': (string);
  'asset': (string);
  'amount': (string);
}
