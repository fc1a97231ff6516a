// Original file: exchange/admin/v1/blockchain.proto


export interface ReconcileRequest {
  /**
   * btc, eth or tron; empty: every connected chain.
   */
  'blockchain'?: (string);
}

export interface ReconcileRequest__Output {
  /**
   * btc, eth or tron; empty: every connected chain.
   */
  'blockchain': (string);
}
