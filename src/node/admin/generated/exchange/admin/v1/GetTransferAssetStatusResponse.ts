// Original file: exchange/admin/v1/hotwallets.proto


export interface GetTransferAssetStatusResponse {
  /**
   * pending, broadcast, confirmed or failed.
   */
  'status'?: (string);
  'tx_hash'?: (string);
  /**
   * Extension: why it failed, when it did.
   */
  'failure'?: (string);
  /**
   * Extension (fee bump): the hashes of the transfer's other signed transactions, first one first —
   * replaced at a higher fee while not mined; once tx_hash is mined, none of them can be.
   */
  'replaced_tx_hashes'?: (string)[];
  /**
   * Extension (docs/blockchain.md "Hot wallets, sweeping and cold storage"): while pending and not signed, what it waits for —
   * hot_wallet_funds, change_confirming or chain_unreachable; empty otherwise.
   */
  'waiting_for'?: (string);
}

export interface GetTransferAssetStatusResponse__Output {
  /**
   * pending, broadcast, confirmed or failed.
   */
  'status': (string);
  'tx_hash': (string);
  /**
   * Extension: why it failed, when it did.
   */
  'failure': (string);
  /**
   * Extension (fee bump): the hashes of the transfer's other signed transactions, first one first —
   * replaced at a higher fee while not mined; once tx_hash is mined, none of them can be.
   */
  'replaced_tx_hashes': (string)[];
  /**
   * Extension (docs/blockchain.md "Hot wallets, sweeping and cold storage"): while pending and not signed, what it waits for —
   * hot_wallet_funds, change_confirming or chain_unreachable; empty otherwise.
   */
  'waiting_for': (string);
}
