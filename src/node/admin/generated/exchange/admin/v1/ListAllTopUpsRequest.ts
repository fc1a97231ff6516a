// Original file: exchange/admin/v1/blockchain.proto

import type { PageRequest as _exchange_admin_v1_PageRequest, PageRequest__Output as _exchange_admin_v1_PageRequest__Output } from '../../../exchange/admin/v1/PageRequest';

export interface ListAllTopUpsRequest {
  'blockchain'?: (string);
  'status'?: (string);
  'page'?: (_exchange_admin_v1_PageRequest | null);
}

export interface ListAllTopUpsRequest__Output {
  'blockchain': (string);
  'status': (string);
  'page': (_exchange_admin_v1_PageRequest__Output | null);
}
