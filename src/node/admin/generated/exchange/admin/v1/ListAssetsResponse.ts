// Original file: exchange/admin/v1/assets.proto

import type { AssetInfo as _exchange_admin_v1_AssetInfo, AssetInfo__Output as _exchange_admin_v1_AssetInfo__Output } from '../../../exchange/admin/v1/AssetInfo';

export interface ListAssetsResponse {
  'assets'?: (_exchange_admin_v1_AssetInfo)[];
}

export interface ListAssetsResponse__Output {
  'assets': (_exchange_admin_v1_AssetInfo__Output)[];
}
