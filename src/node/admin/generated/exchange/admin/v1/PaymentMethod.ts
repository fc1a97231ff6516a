// Original file: exchange/admin/v1/p2p.proto


export interface PaymentMethod {
  'id'?: (string);
  'name'?: (string);
  /**
   * bank_transfer, fast_payment, card or other.
   */
  'kind'?: (string);
}

export interface PaymentMethod__Output {
  'id': (string);
  'name': (string);
  /**
   * bank_transfer, fast_payment, card or other.
   */
  'kind': (string);
}
