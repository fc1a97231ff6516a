// Original file: exchange/admin/v1/blockchain.proto

import type { Reconciliation as _exchange_admin_v1_Reconciliation, Reconciliation__Output as _exchange_admin_v1_Reconciliation__Output } from '../../../exchange/admin/v1/Reconciliation';

export interface ReconcileResponse {
  'assets'?: (_exchange_admin_v1_Reconciliation)[];
}

export interface ReconcileResponse__Output {
  'assets': (_exchange_admin_v1_Reconciliation__Output)[];
}
