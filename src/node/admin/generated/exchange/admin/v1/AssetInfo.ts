// Original file: exchange/admin/v1/assets.proto

import type { AssetNetwork as _exchange_admin_v1_AssetNetwork, AssetNetwork__Output as _exchange_admin_v1_AssetNetwork__Output } from '../../../exchange/admin/v1/AssetNetwork';

export interface AssetInfo {
  'code'?: (string);
  'name'?: (string);
  'decimals'?: (number);
  'active'?: (boolean);
  'networks'?: (_exchange_admin_v1_AssetNetwork)[];
}

export interface AssetInfo__Output {
  'code': (string);
  'name': (string);
  'decimals': (number);
  'active': (boolean);
  'networks': (_exchange_admin_v1_AssetNetwork__Output)[];
}
