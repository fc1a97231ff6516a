// Original file: exchange/admin/v1/hotwallets.proto


export interface GetTransferAssetStatusRequest {
  'transfer_id'?: (string);
}

export interface GetTransferAssetStatusRequest__Output {
  'transfer_id': (string);
}
