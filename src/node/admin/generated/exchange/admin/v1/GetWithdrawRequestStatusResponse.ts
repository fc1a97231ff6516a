// Original file: exchange/admin/v1/blockchain.proto

import type { Withdrawal as _exchange_admin_v1_Withdrawal, Withdrawal__Output as _exchange_admin_v1_Withdrawal__Output } from '../../../exchange/admin/v1/Withdrawal';

export interface GetWithdrawRequestStatusResponse {
  /**
   * pending, processing, broadcast, confirmed or failed.
   */
  'status'?: (string);
  'tx_hash'?: (string);
  /**
   * Extension: the whole withdrawal.
   */
  'withdrawal'?: (_exchange_admin_v1_Withdrawal | null);
}

export interface GetWithdrawRequestStatusResponse__Output {
  /**
   * pending, processing, broadcast, confirmed or failed.
   */
  'status': (string);
  'tx_hash': (string);
  /**
   * Extension: the whole withdrawal.
   */
  'withdrawal': (_exchange_admin_v1_Withdrawal__Output | null);
}
