// Original file: exchange/admin/v1/hotwallets.proto


export interface TransferAssetResponse {
  'transfer_id'?: (string);
}

export interface TransferAssetResponse__Output {
  'transfer_id': (string);
}
