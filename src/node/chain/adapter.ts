/**
 * One interface for every chain family (docs/blockchain.md "Blockchain: deposits, withdrawals and hot wallets"): the deposit scanner, the withdrawal worker
 * and the hot wallets speak only to this. An adapter knows its node's wire protocol (Bitcoin Core
 * JSON-RPC, EVM JSON-RPC, the TRON HTTP API) and the chain's address format; it knows nothing of
 * accounts, the ledger or SQLite. Amounts are bigint in the chain's own base unit (satoshi, wei,
 * sun, or the token's smallest unit); the caller converts to the asset's decimals.
 */

/** The chain families the exchange speaks to (asset network names). */
export type Blockchain = 'btc' | 'eth' | 'tron'

/** Which network the node runs against; decides address prefixes and default derivation coin types. */
export type ChainNetwork = 'mainnet' | 'testnet' | 'regtest'

/** What a node says of itself, for the check. */
export type NodeNetwork = {
  /** The node's network; null when it cannot be told (an EVM chain not in the table). `test` (TRON): testnet or regtest. */
  network: ChainNetwork | 'test' | null
  /** How the node named it (chain id, chain name, genesis). */
  detail: string
  /** What the node lacks that the operator should know (one line each). */
  warnings: string[]
}

/** A block header as far as the scanner needs it to follow the chain and detect reorganisations. */
export type BlockRef = {height: number; hash: string; parentHash: string}

/**
 * A transfer to one of the watched addresses found in a block: a transaction output (btc, `index`
 * = vout), a native value transfer (eth/tron, `index` = 0 for the transaction itself) or a token
 * `Transfer` log (ERC-20/TRC-20, `index` = the log index in the block). (blockchain, txHash, index)
 * identifies a deposit for life.
 */
export type IncomingTransfer = {
  txHash: string
  index: number
  /** Watched address that received the funds, in the chain's canonical text form. */
  to: string
  /** Sender when the chain says it (the first input's address for btc when resolvable), else null. */
  from: string | null
  /** Token contract in canonical form, or null for the chain's native coin. */
  contract: string | null
  /** Amount in the chain's base unit of the coin or token. */
  amount: bigint
}

/** An input of a block's transaction (btc): the output it spends, and the transaction spending it. */
export type Spend = {txid: string; index: number; spentBy: string}

/**
 * `txids`: every transaction of the block, where the adapter reads them all anyway (btc).
 * `spends`: every input of the block (btc), for the exchange's own UTXO set.
 */
export type ScannedBlock = BlockRef & {transfers: IncomingTransfer[]; txids?: readonly string[]; spends?: readonly Spend[]}

/** The exchange's own unspent outputs, kept from the blocks it scans (`utxo-set.ts`); amounts in base units. */
export type UtxoSource = {unspent(address: string): {txid: string; vout: number; amount: bigint}[]}

/** The most a btc memo may take (its OP_RETURN output's data; Bitcoin Core's standard `-datacarriersize` is 83 bytes of script). */
export const MAX_BTC_MEMO_BYTES = 80

/** A transfer to sign: from a key we hold to any valid address of the chain. */
export type OutgoingTransfer = {
  /** 32-byte private key of the sending address. */
  privateKey: Uint8Array
  /** The sending address (derived from privateKey; passed to avoid re-deriving). */
  from: string
  to: string
  amount: bigint
  /** Token contract, or null for the native coin. */
  contract: string | null
  /**
   * A withdrawal's memo, put on chain with the payment (UTF-8): btc an OP_RETURN output (at most 80
   * bytes), eth the transaction's data (native ETH only), tron `raw_data.data`. A token transfer has
   * no place for one and is refused with it.
   */
  memo?: string
  /** EVM only: the nonce, allocated in the store by the caller so no two signatures share one. */
  nonce?: number
  /**
   * Native coin only: send the address's whole balance less the network fee, leaving nothing (no
   * change output, no dust); `amount` is then only the caller's expectation. Sweeps use it.
   */
  sweep?: boolean
  /**
   * btc: the signed bytes of the exchange's own transactions not confirmed yet. Their outputs to
   * `from` that nothing spends yet (the change of an earlier withdrawal, a sweep into the hot
   * wallet) may be spent: a second withdrawal need not wait for the first one's change to confirm.
   */
  unconfirmed?: readonly string[]
  /**
   * btc, for a replacement: the latest signed bytes of every transaction of the exchange still open.
   * A transaction whose outputs one of them spends is not replaced (that would evict it); the later
   * one's replacement pays for both (child pays for parent).
   */
  inFlight?: readonly string[]
}

/**
 * A signed transaction, stored before its first broadcast so a restart re-sends the same bytes.
 * `fee`: the network fee in the native coin's base units when signing fixes it (btc: inputs −
 * outputs); account chains learn theirs once mined (TxStatus.fee).
 */
export type SignedTransaction = {txHash: string; raw: string; fee?: bigint}

export type TxState = 'unknown' | 'pending' | 'mined' | 'failed'

export type TxStatus = {
  state: TxState
  /** Block height that includes it, when mined or failed on chain. */
  height?: number
  /** 0 unless mined: tip height − height + 1. */
  confirmations: number
  /** Mined or failed on chain, where the node says it: the network fee paid, native base units. */
  fee?: bigint
}

export interface ChainAdapter {
  readonly blockchain: Blockchain
  /** Which network the node serves, and what it lacks (start-up checks, `network-check.ts`). */
  describe(): Promise<NodeNetwork>
  /** Height of the chain tip. */
  tipHeight(): Promise<number>
  /** The header at `height` on the node's best chain, or null when there is none yet. */
  blockRef(height: number): Promise<BlockRef | null>
  /**
   * The block at `height` with every transfer to an address for which `watched(address)` is true,
   * native and token alike (`tokens` lists the token contracts to decode, canonical form).
   */
  scanBlock(height: number, watched: (address: string) => boolean, tokens: readonly string[]): Promise<ScannedBlock>
  /**
   * Where a transaction stands, with its confirmations. `blockHash`: the block the scanner saw it
   * in, when it did (btc without `txindex` finds a mined transaction only through it).
   */
  txStatus(txHash: string, blockHash?: string): Promise<TxStatus>
  /** On-chain balance of an address, native (`contract` null) or token, in base units. */
  balance(address: string, contract: string | null): Promise<bigint>
  /** Token chains: the decimals a token contract declares (`decimals()`); throws when the address holds no such contract. */
  tokenDecimals?(contract: string): Promise<number>
  /** The network fee a transfer of this kind would cost now, in the native coin's base units. */
  feeEstimate(contract: string | null): Promise<bigint>
  /** Builds and signs a transfer; does not broadcast. */
  sign(transfer: OutgoingTransfer): Promise<SignedTransaction>
  /** Sends signed bytes; sending the same bytes again is harmless (already known is success). */
  broadcast(raw: string): Promise<void>
  /**
   * Whether a transaction not mined, `blocks` blocks after it was signed, is due for a replacement
   * at a higher fee: on btc and eth once `blocks` reaches the network's `replaceAfterBlocks` (0:
   * never); on TRON once it expired (it can then never be mined), whatever the blocks.
   */
  replaceDue(raw: string, blocks: number, replaceAfterBlocks: number): Promise<boolean>
  /**
   * Fee bump (docs/blockchain.md "Withdrawals"): signs a transaction that conflicts with `previous` (the
   * signed bytes of the latest attempt) and pays more — btc: the same inputs at a higher fee rate
   * (BIP125), more inputs only if the change cannot pay; eth: the same nonce with both fees ≥ 12.5 %
   * higher; TRON: the same transfer signed again, only once `previous` expired. Refuses with
   * `failed_precondition` what cannot be replaced now, `insufficient_funds` a sender short of the fee.
   */
  replace(previous: string, transfer: OutgoingTransfer): Promise<SignedTransaction>
  /**
   * UTXO chains (btc): from now on, an address's unspent outputs (balances, coin selection) come from
   * `source`, the set the exchange keeps from the blocks it scans, instead of the node's UTXO set.
   */
  useUtxoSet?(source: UtxoSource): void
  /** UTXO chains: the node's unspent outputs of these addresses now (one-time import of the set; slow on mainnet). */
  scanUtxos?(
    addresses: readonly string[],
  ): Promise<{txid: string; vout: number; address: string; amount: bigint; height: number}[]>
  /**
   * Account-model chains (EVM): the next nonce of an address as the node sees it, pending
   * transactions included. The store allocates nonces; this only seeds it and catches up when the
   * address was used outside the exchange.
   */
  pendingNonce?(address: string): Promise<number>
}
