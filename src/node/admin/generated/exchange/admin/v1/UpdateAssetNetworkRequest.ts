// Original file: exchange/admin/v1/assets.proto


export interface UpdateAssetNetworkRequest {
  'network_id'?: (string);
  /**
   * Unset keeps the current value.
   */
  'deposit_enabled'?: (boolean);
  'withdraw_enabled'?: (boolean);
  /**
   * Extension (docs/blockchain.md "Connecting chains"): token contract; empty for the native coin.
   */
  'contract_address'?: (string);
  /**
   * Extension: confirmations before a deposit is credited.
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
   * Extension (fee bump): blocks after which a transaction still not mined is replaced at a higher fee.
   */
  'replace_after_blocks'?: (number);
  '_deposit_enabled'?: "deposit_enabled";
  '_withdraw_enabled'?: "withdraw_enabled";
  '_contract_address'?: "contract_address";
  '_confirmations'?: "confirmations";
  '_min_deposit'?: "min_deposit";
  '_withdraw_fee'?: "withdraw_fee";
  '_min_withdraw'?: "min_withdraw";
  '_large_withdrawal'?: "large_withdrawal";
  '_replace_after_blocks'?: "replace_after_blocks";
}

export interface UpdateAssetNetworkRequest__Output {
  'network_id': (string);
  /**
   * Unset keeps the current value.
   */
  'deposit_enabled'?: (boolean);
  'withdraw_enabled'?: (boolean);
  /**
   * Extension (docs/blockchain.md "Connecting chains"): token contract; empty for the native coin.
   */
  'contract_address'?: (string);
  /**
   * Extension: confirmations before a deposit is credited.
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
   * Extension (fee bump): blocks after which a transaction still not mined is replaced at a higher fee.
   */
  'replace_after_blocks'?: (number);
  '_deposit_enabled'?: "deposit_enabled";
  '_withdraw_enabled'?: "withdraw_enabled";
  '_contract_address'?: "contract_address";
  '_confirmations'?: "confirmations";
  '_min_deposit'?: "min_deposit";
  '_withdraw_fee'?: "withdraw_fee";
  '_min_withdraw'?: "min_withdraw";
  '_large_withdrawal'?: "large_withdrawal";
  '_replace_after_blocks'?: "replace_after_blocks";
}
