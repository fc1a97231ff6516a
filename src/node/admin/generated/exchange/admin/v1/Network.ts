// Original file: exchange/admin/v1/info.proto


export interface Network {
  'id'?: (string);
  'asset'?: (string);
  'network'?: (string);
  'deposit_enabled'?: (boolean);
  'withdraw_enabled'?: (boolean);
  /**
   * Extension (docs/blockchain.md "Connecting chains"): token contract; empty for the native coin.
   */
  'contract_address'?: (string);
  /**
   * Extension: confirmations before a deposit is credited (0 = the chain's default: btc 2, eth 12, tron 19).
   */
  'confirmations'?: (number);
  /**
   * Extension: decimal strings in the asset's units.
   */
  'min_deposit'?: (string);
  'withdraw_fee'?: (string);
  'min_withdraw'?: (string);
  /**
   * Extension: withdrawals of at least this amount wait for ApproveWithdrawal (0 = never).
   */
  'large_withdrawal'?: (string);
  /**
   * Extension (fee bump): blocks after which a transaction still not mined is replaced at a higher
   * fee (btc 6, eth 20 by default; 0 on tron, which replaces a transaction once it expired).
   */
  'replace_after_blocks'?: (number);
}

export interface Network__Output {
  'id': (string);
  'asset': (string);
  'network': (string);
  'deposit_enabled': (boolean);
  'withdraw_enabled': (boolean);
  /**
   * Extension (docs/blockchain.md "Connecting chains"): token contract; empty for the native coin.
   */
  'contract_address': (string);
  /**
   * Extension: confirmations before a deposit is credited (0 = the chain's default: btc 2, eth 12, tron 19).
   */
  'confirmations': (number);
  /**
   * Extension: decimal strings in the asset's units.
   */
  'min_deposit': (string);
  'withdraw_fee': (string);
  'min_withdraw': (string);
  /**
   * Extension: withdrawals of at least this amount wait for ApproveWithdrawal (0 = never).
   */
  'large_withdrawal': (string);
  /**
   * Extension (fee bump): blocks after which a transaction still not mined is replaced at a higher
   * fee (btc 6, eth 20 by default; 0 on tron, which replaces a transaction once it expired).
   */
  'replace_after_blocks': (number);
}
