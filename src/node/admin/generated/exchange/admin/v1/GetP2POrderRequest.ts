// Original file: exchange/admin/v1/p2p.proto


export interface GetP2POrderRequest {
  'order_id'?: (string);
}

export interface GetP2POrderRequest__Output {
  'order_id': (string);
}
