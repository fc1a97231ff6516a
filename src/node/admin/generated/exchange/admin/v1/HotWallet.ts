// Original file: exchange/admin/v1/hotwallets.proto


export interface HotWallet {
  'address'?: (string);
  'blockchain'?: (string);
  'asset'?: (string);
  /**
   * Current on-chain balance, decimal string; empty when it could not be read (see error).
   */
  'balance'?: (string);
  /**
   * Why the balance of this asset could not be read (no contract code at the address, node error,
   * no token contract set on this network); empty otherwise. One asset never fails the whole list.
   */
  'error'?: (string);
}

export interface HotWallet__Output {
  'address': (string);
  'blockchain': (string);
  'asset': (string);
  /**
   * Current on-chain balance, decimal string; empty when it could not be read (see error).
   */
  'balance': (string);
  /**
   * Why the balance of this asset could not be read (no contract code at the address, node error,
   * no token contract set on this network); empty otherwise. One asset never fails the whole list.
   */
  'error': (string);
}
