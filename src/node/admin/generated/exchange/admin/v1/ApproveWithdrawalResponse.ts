// Original file: exchange/admin/v1/blockchain.proto

import type { Withdrawal as _exchange_admin_v1_Withdrawal, Withdrawal__Output as _exchange_admin_v1_Withdrawal__Output } from '../../../exchange/admin/v1/Withdrawal';

export interface ApproveWithdrawalResponse {
  'withdrawal'?: (_exchange_admin_v1_Withdrawal | null);
}

export interface ApproveWithdrawalResponse__Output {
  'withdrawal': (_exchange_admin_v1_Withdrawal__Output | null);
}
