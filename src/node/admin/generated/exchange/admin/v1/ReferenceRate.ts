// Original file: exchange/admin/v1/p2p.proto


export interface ReferenceRate {
  'asset'?: (string);
  'fiat'?: (string);
  /**
   * Fiat per one unit of the asset.
   */
  'rate'?: (string);
  'updated_at'?: (string);
}

export interface ReferenceRate__Output {
  'asset': (string);
  'fiat': (string);
  /**
   * Fiat per one unit of the asset.
   */
  'rate': (string);
  'updated_at': (string);
}
