// Original file: exchange/admin/v1/info.proto


export interface Listener {
  /**
   * http (public REST and WebSocket), admin_http (AdminGateway) or grpc (this API).
   */
  'name'?: (string);
  /**
   * host:port as bound.
   */
  'address'?: (string);
}

export interface Listener__Output {
  /**
   * http (public REST and WebSocket), admin_http (AdminGateway) or grpc (this API).
   */
  'name': (string);
  /**
   * host:port as bound.
   */
  'address': (string);
}
