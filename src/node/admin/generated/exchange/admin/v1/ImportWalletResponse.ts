// Original file: exchange/admin/v1/blockchain.proto

import type { GetWalletResponse as _exchange_admin_v1_GetWalletResponse, GetWalletResponse__Output as _exchange_admin_v1_GetWalletResponse__Output } from '../../../exchange/admin/v1/GetWalletResponse';

export interface ImportWalletResponse {
  'wallet'?: (_exchange_admin_v1_GetWalletResponse | null);
}

export interface ImportWalletResponse__Output {
  'wallet': (_exchange_admin_v1_GetWalletResponse__Output | null);
}
