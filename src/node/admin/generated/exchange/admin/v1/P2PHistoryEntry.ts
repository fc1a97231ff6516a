// Original file: exchange/admin/v1/p2p.proto


export interface P2PHistoryEntry {
  'status'?: (string);
  'at'?: (string);
  /**
   * An account id, "timer", "p2p" or "admin:<id>".
   */
  'by'?: (string);
}

export interface P2PHistoryEntry__Output {
  'status': (string);
  'at': (string);
  /**
   * An account id, "timer", "p2p" or "admin:<id>".
   */
  'by': (string);
}
