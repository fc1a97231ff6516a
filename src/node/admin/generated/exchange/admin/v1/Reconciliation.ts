// Original file: exchange/admin/v1/blockchain.proto


export interface Reconciliation {
  'blockchain'?: (string);
  'asset'?: (string);
  /**
   * Held by the hot wallet and the deposit addresses, with what is in flight accounted for; empty when
   * a balance could not be read (see error).
   */
  'on_chain'?: (string);
  /**
   * What the ledger's chain transactions say the addresses hold: deposits credited, less withdrawals
   * and transfers out, less network fees booked to chain_fees.
   */
  'liabilities'?: (string);
  'surplus'?: (string);
  'deficit'?: (string);
  /**
   * Signed: mined outgoing transactions not yet settled (+), deposits seen but not credited (−).
   */
  'in_flight'?: (string);
  /**
   * Why on_chain could not be read (node error, no contract code); empty otherwise.
   */
  'error'?: (string);
}

export interface Reconciliation__Output {
  'blockchain': (string);
  'asset': (string);
  /**
   * Held by the hot wallet and the deposit addresses, with what is in flight accounted for; empty when
   * a balance could not be read (see error).
   */
  'on_chain': (string);
  /**
   * What the ledger's chain transactions say the addresses hold: deposits credited, less withdrawals
   * and transfers out, less network fees booked to chain_fees.
   */
  'liabilities': (string);
  'surplus': (string);
  'deficit': (string);
  /**
   * Signed: mined outgoing transactions not yet settled (+), deposits seen but not credited (−).
   */
  'in_flight': (string);
  /**
   * Why on_chain could not be read (node error, no contract code); empty otherwise.
   */
  'error': (string);
}
