/**
 * ChainAdapter over Bitcoin Core's JSON-RPC, without the node's wallet: blocks are read raw and
 * parsed here, UTXOs of our addresses come from the set the exchange keeps from the blocks it scans
 * (`useUtxoSet`; without one, the adapter alone asks `scantxoutset`), transactions are built and
 * signed locally (PSBT, P2WPKH) and only broadcast through the node. `-txindex` is not needed to follow
 * the exchange's own transactions (the scanner names the block it saw each in); only to name the
 * sender of a deposit (the AML deny-list).
 */
import {hex} from '@scure/base'
import {ExchangeError, invalid, notFound} from '../../ground/errors.js'
import {
  type BlockRef,
  type ChainAdapter,
  type IncomingTransfer,
  type NodeNetwork,
  type OutgoingTransfer,
  type ScannedBlock,
  type SignedTransaction,
  type Spend,
  type TxStatus,
  type UtxoSource,
} from '../adapter.js'
import {addressToScript, scriptToAddress, type BitcoinNetworkParams} from './address.js'
import {parseBlock, parseTransaction, type ParsedTransaction} from './block.js'
import {bitcoinNetwork} from '../network-check.js'
import {BitcoinRpc, RPC, btcToSatoshi, isRpcError} from './rpc.js'
import {
  TYPICAL_WITHDRAWAL_VSIZE,
  memoOutput,
  outpoint,
  outputsTo,
  requireAddress,
  replacementRate,
  satPerVByte,
  selectSpend,
  sendingAddress,
  signSpend,
  type Utxo,
} from './spend.js'

export type BitcoinAdapterOptions = {
  /** Bitcoin Core RPC URL with credentials, `http://user:pass@host:port`. */
  url: string
  /** Address parameters of the node's network (BITCOIN_NETWORKS[network], or LITECOIN_REGTEST in tests). */
  params: BitcoinNetworkParams
  timeoutMs?: number
  /** Confirmation target handed to estimatesmartfee (blocks). */
  confirmationTarget?: number
  /** sat/vB used when Core has no estimate yet (a fresh or quiet chain). */
  fallbackFeeRate?: bigint
}

const TXID = /^[0-9a-f]{64}$/
const GENESIS_PARENT = '0'.repeat(64)

export class BitcoinAdapter implements ChainAdapter {
  readonly blockchain = 'btc' as const
  readonly rpc: BitcoinRpc
  private readonly params: BitcoinNetworkParams
  private readonly confirmationTarget: number
  private readonly fallbackFeeRate: bigint
  /** scantxoutset runs one at a time per node: calls queue here. */
  private scanQueue: Promise<unknown> = Promise.resolve()
  /** The exchange's own UTXO set, once given: balances and coin selection read it instead of scantxoutset. */
  private source: UtxoSource | undefined

  constructor(options: BitcoinAdapterOptions) {
    this.rpc = new BitcoinRpc({url: options.url, timeoutMs: options.timeoutMs})
    this.params = options.params
    this.confirmationTarget = options.confirmationTarget ?? 6
    this.fallbackFeeRate = options.fallbackFeeRate ?? 10n
    if (this.fallbackFeeRate < 1n) throw invalid('the fallback fee rate must be at least 1 sat/vB')
  }

  /**
   * What the node runs, for a start-up check: its chain (`main`, `test`, `regtest`, ...) and whether
   * its transaction index exists and has caught up (`txStatus` and senders need it).
   */
  async describeNode(): Promise<{chain: string; blocks: number; txindex: 'synced' | 'syncing' | 'missing'}> {
    const info = (await this.rpc.call('getblockchaininfo')) as {chain: string; blocks: number}
    const indexes = (await this.rpc.call('getindexinfo').catch(() => ({}))) as {txindex?: {synced: boolean}}
    const txindex = indexes.txindex ? (indexes.txindex.synced ? 'synced' : 'syncing') : 'missing'
    return {chain: info.chain, blocks: info.blocks, txindex}
  }

  async describe(): Promise<NodeNetwork> {
    const node = await this.describeNode()
    const warnings =
      node.txindex === 'synced'
        ? []
        : [
            `the btc node runs without a synced -txindex: deposit senders are not named, so the AML deny-list cannot hold btc deposits (confirmations are tracked without it)`,
          ]
    return {network: bitcoinNetwork(node.chain), detail: `chain "${node.chain}"`, warnings}
  }

  async tipHeight(): Promise<number> {
    return (await this.rpc.call('getblockcount')) as number
  }

  async blockRef(height: number): Promise<BlockRef | null> {
    const hash = await this.blockHash(height)
    if (hash === null) return null
    const header = (await this.rpc.call('getblockheader', [hash, true])) as {height: number; previousblockhash?: string}
    return {height: header.height, hash, parentHash: header.previousblockhash ?? GENESIS_PARENT}
  }

  async scanBlock(height: number, watched: (address: string) => boolean, tokens: readonly string[]): Promise<ScannedBlock> {
    if (tokens.length > 0) throw invalid('bitcoin has no tokens to scan')
    const hash = await this.blockHash(height)
    if (hash === null) throw notFound(`no block at height ${height} yet`)
    const block = parseBlock((await this.rpc.call('getblock', [hash, 0])) as string, hash)
    const transfers: IncomingTransfer[] = []
    const spends: Spend[] = []
    for (const tx of block.transactions) {
      for (const input of tx.inputs) {
        if (input.txid !== GENESIS_PARENT) spends.push({txid: input.txid, index: input.index, spentBy: tx.txid})
      }
      const found = tx.outputs.flatMap((output, index) => {
        const to = scriptToAddress(output.script, this.params)
        return to !== null && watched(to) ? [{index, to, amount: output.amount}] : []
      })
      if (found.length === 0) continue
      const from = await this.sender(tx)
      for (const {index, to, amount} of found) transfers.push({txHash: tx.txid, index, to, from, contract: null, amount})
    }
    return {height, hash, parentHash: block.parentHash, transfers, txids: block.transactions.map((tx) => tx.txid), spends}
  }

  /**
   * With the block the scanner saw the transaction in, `getrawtransaction … blockhash` finds it on
   * any node; without, only a node with `-txindex` does.
   */
  async txStatus(txHash: string, blockHash?: string): Promise<TxStatus> {
    if (!TXID.test(txHash)) throw invalid('a bitcoin txid is 64 lower-case hex digits')
    try {
      await this.rpc.call('getmempoolentry', [txHash])
      return {state: 'pending', confirmations: 0}
    } catch (error) {
      if (!isRpcError(error, RPC.INVALID_ADDRESS_OR_KEY)) throw error
    }
    let tx: {blockhash?: string}
    try {
      const params = blockHash === undefined ? [txHash, true] : [txHash, true, blockHash]
      tx = (await this.rpc.call('getrawtransaction', params)) as {blockhash?: string}
    } catch (error) {
      if (isRpcError(error, RPC.INVALID_ADDRESS_OR_KEY)) return {state: 'unknown', confirmations: 0}
      throw error
    }
    if (!tx.blockhash) return {state: 'pending', confirmations: 0}
    const header = (await this.rpc.call('getblockheader', [tx.blockhash, true])) as {height: number; confirmations: number}
    // A block that left the best chain reports -1 confirmations: the transaction is nowhere for now.
    if (header.confirmations < 1) return {state: 'unknown', confirmations: 0}
    return {state: 'mined', height: header.height, confirmations: header.confirmations}
  }

  async balance(address: string, contract: string | null): Promise<bigint> {
    if (contract !== null) throw invalid('bitcoin has no tokens')
    return (await this.utxos(address)).reduce((sum, utxo) => sum + utxo.amount, 0n)
  }

  /** From now on, unspent outputs come from the exchange's own set, never from scantxoutset. */
  useUtxoSet(source: UtxoSource): void {
    this.source = source
  }

  /**
   * Confirmed unspent outputs of an address: from the exchange's own set when it has one (the node
   * always does), else from the node's UTXO set (no wallet involved).
   */
  async utxos(address: string): Promise<Utxo[]> {
    const canonical = requireAddress(address, 'address', this.params)
    if (this.source) {
      const script = addressToScript(canonical, this.params)
      return this.source.unspent(canonical).map((u) => ({...u, script}))
    }
    return (await this.scanUtxos([canonical])).map(({txid, vout, amount, script}) => ({txid, vout, amount, script}))
  }

  /**
   * The node's unspent outputs of these addresses now (`scantxoutset`, one at a time per node; minutes
   * on mainnet): the adapter on its own, and the one-time import of the exchange's set.
   */
  async scanUtxos(addresses: readonly string[]): Promise<(Utxo & {address: string; height: number})[]> {
    const descriptors = addresses.map((address) => `addr(${requireAddress(address, 'address', this.params)})`)
    if (descriptors.length === 0) return []
    const run = this.scanQueue.then(() => this.rpc.call('scantxoutset', ['start', descriptors]))
    this.scanQueue = run.catch(() => undefined)
    const result = (await run) as {
      success?: boolean
      unspents: {txid: string; vout: number; amount: unknown; scriptPubKey: string; height: number}[]
    }
    if (result.success === false) throw new ExchangeError('unavailable', 'scantxoutset did not complete')
    return result.unspents.map((u) => {
      const script = hex.decode(u.scriptPubKey)
      const address = scriptToAddress(script, this.params) ?? ''
      return {txid: u.txid, vout: u.vout, amount: btcToSatoshi(u.amount), script, address, height: u.height}
    })
  }

  async feeEstimate(contract: string | null): Promise<bigint> {
    if (contract !== null) throw invalid('bitcoin has no tokens')
    return TYPICAL_WITHDRAWAL_VSIZE * (await this.feeRate())
  }

  /** sat/vB for the confirmation target, from estimatesmartfee's BTC/kvB read exactly (rounded up), else the fallback. */
  async feeRate(): Promise<bigint> {
    const result = (await this.rpc.call('estimatesmartfee', [this.confirmationTarget])) as {feerate?: unknown}
    return result.feerate === undefined ? this.fallbackFeeRate : satPerVByte(result.feerate)
  }

  async sign(transfer: OutgoingTransfer): Promise<SignedTransaction> {
    const from = sendingAddress(transfer, this.params)
    const to = requireAddress(transfer.to, 'to', this.params)
    if (transfer.amount <= 0n) throw invalid('amount must be positive')
    const memo = memoOutput(transfer.memo)
    const utxos = await this.unspent(await this.candidates(from, transfer.unconfirmed ?? []))
    // A sweep spends every output and sends what is left after the fee to `to` as the "change".
    const payments = transfer.sweep ? [] : [{address: to, amount: transfer.amount}, ...memo]
    const selected = selectSpend(utxos, payments, {
      sweep: transfer.sweep,
      feePerByte: await this.feeRate(),
      changeAddress: transfer.sweep ? to : from,
      params: this.params,
    })
    if (!selected) {
      const total = utxos.reduce((sum, u) => sum + u.amount, 0n)
      throw new ExchangeError(
        'insufficient_funds',
        `${from} holds ${total} sat confirmed, short of ${transfer.amount} sat plus the fee`,
      )
    }
    return signSpend(selected, transfer.privateKey)
  }

  /** Not mined after the network's `replace_after_blocks`: replaced (BIP125). */
  async replaceDue(_raw: string, blocks: number, replaceAfterBlocks: number): Promise<boolean> {
    return replaceAfterBlocks > 0 && blocks >= replaceAfterBlocks
  }

  /**
   * BIP125 replacement of `previous`: the same inputs and the same payments (the recipient's
   * output, a memo), at a fee rate of the current estimate or 25 % (at least 1 sat/vB) above the
   * previous one, whichever is higher, the fee taken from the change (from the one output of a
   * sweep); only when the change cannot pay is a further unspent output added. Refused while a later
   * open transaction of the exchange spends one of its outputs (replacing would evict that one).
   */
  async replace(previous: string, transfer: OutgoingTransfer): Promise<SignedTransaction> {
    const from = sendingAddress(transfer, this.params)
    const to = requireAddress(transfer.to, 'to', this.params)
    const old = parseTransaction(previous)
    const child = (transfer.inFlight ?? []).find(
      (raw) => raw !== previous && parseTransaction(raw).inputs.some((input) => input.txid === old.txid),
    )
    if (child !== undefined) {
      throw new ExchangeError(
        'failed_precondition',
        `transaction ${parseTransaction(child).txid} of the exchange spends an output of ${old.txid}: that one is replaced instead`,
      )
    }
    // The previous transaction's own outputs cannot fund its replacement.
    const candidates = (await this.candidates(from, transfer.unconfirmed ?? [])).filter((u) => u.txid !== old.txid)
    const known = new Map(candidates.map((u) => [outpoint(u.txid, u.vout), u]))
    const required = old.inputs.map((input) => known.get(outpoint(input.txid, input.index)))
    if (required.some((u) => u === undefined)) {
      throw new ExchangeError(
        'failed_precondition',
        `an input of ${old.txid} is spent already: it, or a transaction conflicting with it, was mined`,
      )
    }
    const inputs = required as Utxo[]
    const rate = replacementRate(previous, inputs, old.outputs, await this.feeRate())
    const spent = new Set(old.inputs.map((input) => outpoint(input.txid, input.index)))
    const extra = transfer.sweep ? [] : await this.unspent(candidates.filter((u) => !spent.has(outpoint(u.txid, u.vout))))
    const payments = transfer.sweep
      ? []
      : old.outputs
          .filter((output) => scriptToAddress(output.script, this.params) !== from)
          .map((output) => ({script: output.script, amount: output.amount}))
    const selected = selectSpend(extra, payments, {
      sweep: transfer.sweep,
      required: inputs,
      feePerByte: rate,
      changeAddress: transfer.sweep ? to : from,
      params: this.params,
    })
    if (!selected) {
      throw new ExchangeError('insufficient_funds', `${from} cannot pay ${rate} sat/vB to replace ${old.txid}`)
    }
    return signSpend(selected, transfer.privateKey)
  }

  async broadcast(raw: string): Promise<void> {
    try {
      await this.rpc.call('sendrawtransaction', [raw])
    } catch (error) {
      if (isRpcError(error, RPC.VERIFY_ALREADY_IN_CHAIN)) return
      if (isRpcError(error, RPC.VERIFY_REJECTED) && /txn-already-(known|in-mempool)/.test(error.message)) return
      // Mined and its outputs since spent: Core reports the inputs missing; the transaction itself is in the chain.
      if (isRpcError(error, RPC.VERIFY_ERROR) && (await this.txStatus(parseTransaction(raw).txid)).state === 'mined') return
      throw error
    }
  }

  /**
   * The outputs `address` may spend: its confirmed unspent outputs, and the outputs to it of the
   * exchange's own transactions not confirmed yet (`unconfirmed`, signed bytes), which the exchange
   * trusts as it signed them. Some may be spent in the mempool already (see `unspent`).
   */
  private async candidates(address: string, unconfirmed: readonly string[]): Promise<Utxo[]> {
    const confirmed = await this.utxos(address)
    return [...confirmed, ...outputsTo(address, unconfirmed, confirmed, this.params)]
  }

  /**
   * Those of `candidates` no mempool transaction spends yet (`gettxout` with the mempool), so a
   * withdrawal signed after an earlier one was broadcast does not spend the same outputs.
   */
  private async unspent(candidates: Utxo[]): Promise<Utxo[]> {
    const unspent = await Promise.all(candidates.map((u) => this.rpc.call('gettxout', [u.txid, u.vout, true])))
    return candidates.filter((_, i) => unspent[i] !== null)
  }

  /** The hash at a height of the best chain, or null above the tip. */
  private async blockHash(height: number): Promise<string | null> {
    if (!Number.isSafeInteger(height) || height < 0) throw invalid('block height must be a non-negative integer')
    try {
      return (await this.rpc.call('getblockhash', [height])) as string
    } catch (error) {
      if (isRpcError(error, RPC.INVALID_PARAMETER)) return null
      throw error
    }
  }

  /** The address of the first input's spent output, when the node can say (txindex); null for a coinbase. */
  private async sender(tx: ParsedTransaction): Promise<string | null> {
    const first = tx.inputs[0]
    if (!first || first.txid === GENESIS_PARENT) return null
    try {
      const previous = parseTransaction((await this.rpc.call('getrawtransaction', [first.txid, false])) as string)
      const spent = previous.outputs[first.index]
      return spent ? scriptToAddress(spent.script, this.params) : null
    } catch (error) {
      if (isRpcError(error, RPC.INVALID_ADDRESS_OR_KEY)) return null
      throw error
    }
  }
}
