// Original file: exchange/admin/v1/ping.proto


export interface PingResponse {
  /**
   * Always "ok" when the node is serving.
   */
  'status'?: (string);
}

export interface PingResponse__Output {
  /**
   * Always "ok" when the node is serving.
   */
  'status': (string);
}
