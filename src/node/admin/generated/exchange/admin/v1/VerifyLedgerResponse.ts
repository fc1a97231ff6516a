// Original file: exchange/admin/v1/ledger.proto

import type { AssetTotal as _exchange_admin_v1_AssetTotal, AssetTotal__Output as _exchange_admin_v1_AssetTotal__Output } from '../../../exchange/admin/v1/AssetTotal';
import type { Long } from '@grpc/proto-loader';

export interface VerifyLedgerResponse {
  'ok'?: (boolean);
  'transactions'?: (number | string | Long);
  'entries'?: (number | string | Long);
  /**
   * One line per problem found; empty when ok.
   */
  'problems'?: (string)[];
  'assets'?: (_exchange_admin_v1_AssetTotal)[];
}

export interface VerifyLedgerResponse__Output {
  'ok': (boolean);
  'transactions': (string);
  'entries': (string);
  /**
   * One line per problem found; empty when ok.
   */
  'problems': (string)[];
  'assets': (_exchange_admin_v1_AssetTotal__Output)[];
}
