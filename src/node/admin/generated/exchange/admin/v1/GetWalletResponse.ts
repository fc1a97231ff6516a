// Original file: exchange/admin/v1/blockchain.proto

import type { WalletChain as _exchange_admin_v1_WalletChain, WalletChain__Output as _exchange_admin_v1_WalletChain__Output } from '../../../exchange/admin/v1/WalletChain';

export interface GetWalletResponse {
  /**
   * True when the seed was imported by an operator, false when the node generated it.
   */
  'imported'?: (boolean);
  'created_at'?: (string);
  /**
   * mainnet, testnet or regtest.
   */
  'network'?: (string);
  'chains'?: (_exchange_admin_v1_WalletChain)[];
}

export interface GetWalletResponse__Output {
  /**
   * True when the seed was imported by an operator, false when the node generated it.
   */
  'imported': (boolean);
  'created_at': (string);
  /**
   * mainnet, testnet or regtest.
   */
  'network': (string);
  'chains': (_exchange_admin_v1_WalletChain__Output)[];
}
