// Original file: exchange/admin/v1/hotwallets.proto

import type { HotWallet as _exchange_admin_v1_HotWallet, HotWallet__Output as _exchange_admin_v1_HotWallet__Output } from '../../../exchange/admin/v1/HotWallet';

export interface ListHotWalletsResponse {
  'wallets'?: (_exchange_admin_v1_HotWallet)[];
}

export interface ListHotWalletsResponse__Output {
  'wallets': (_exchange_admin_v1_HotWallet__Output)[];
}
