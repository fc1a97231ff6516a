/**
 * ChainAdapter over Bitcoin Core's JSON-RPC, without the node's wallet: blocks are read raw and
 * parsed here, UTXOs of our addresses come from `scantxoutset`, transactions are built and signed
 * locally (PSBT, P2WPKH) and only broadcast through the node. `-txindex` is not needed to follow
 * the exchange's own transactions (the scanner names the block it saw each in); only to name the
 * sender of a deposit (the AML deny-list).
 */
import {hex} from '@scure/base'
import {Transaction, selectUTXO} from '@scure/btc-signer'
import {pubECDSA} from '@scure/btc-signer/utils.js'
import {ExchangeError, invalid, notFound} from '../../errors.js'
import type {
  BlockRef,
  ChainAdapter,
  IncomingTransfer,
  NodeNetwork,
  OutgoingTransfer,
  ScannedBlock,
  SignedTransaction,
  TxStatus,
} from '../adapter.js'
import {canonicalAddress, p2wpkhAddress, scriptToAddress, signerNetwork, type BitcoinNetworkParams} from './address.js'
import {parseBlock, parseTransaction, type ParsedTransaction} from './block.js'
import {bitcoinNetwork} from '../network-check.js'
import {BitcoinRpc, RPC, btcToSatoshi, isRpcError} from './rpc.js'

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

/** One unspent output of an address, amount exact. */
export type Utxo = {txid: string; vout: number; amount: bigint; script: Uint8Array}

/** vsize of a typical withdrawal: one P2WPKH input, a P2WPKH payment and P2WPKH change (10.5 + 68 + 2 × 31, rounded up). */
export const TYPICAL_WITHDRAWAL_VSIZE = 141n

/** estimatesmartfee's `feerate` (BTC per 1000 vB, read as decimal text) → whole sat/vB, rounded up, at least 1. */
export function satPerVByte(feerate: unknown): bigint {
  const perVByte = (btcToSatoshi(feerate, 'feerate') + 999n) / 1000n
  return perVByte > 0n ? perVByte : 1n
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
    for (const tx of block.transactions) {
      const found = tx.outputs.flatMap((output, index) => {
        const to = scriptToAddress(output.script, this.params)
        return to !== null && watched(to) ? [{index, to, amount: output.amount}] : []
      })
      if (found.length === 0) continue
      const from = await this.sender(tx)
      for (const {index, to, amount} of found) transfers.push({txHash: tx.txid, index, to, from, contract: null, amount})
    }
    return {height, hash, parentHash: block.parentHash, transfers, txids: block.transactions.map((tx) => tx.txid)}
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

  /** Confirmed unspent outputs of an address, from the node's UTXO set (no wallet involved). */
  async utxos(address: string): Promise<Utxo[]> {
    const canonical = this.address(address, 'address')
    const run = this.scanQueue.then(() => this.rpc.call('scantxoutset', ['start', [`addr(${canonical})`]]))
    this.scanQueue = run.catch(() => undefined)
    const result = (await run) as {
      success?: boolean
      unspents: {txid: string; vout: number; amount: unknown; scriptPubKey: string}[]
    }
    if (result.success === false) throw new ExchangeError('unavailable', 'scantxoutset did not complete')
    return result.unspents.map((u) => ({
      txid: u.txid,
      vout: u.vout,
      amount: btcToSatoshi(u.amount),
      script: hex.decode(u.scriptPubKey),
    }))
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
    if (transfer.contract !== null) throw invalid('bitcoin has no tokens')
    if (transfer.amount <= 0n) throw invalid('amount must be positive')
    const from = this.address(transfer.from, 'from')
    const to = this.address(transfer.to, 'to')
    if (p2wpkhAddress(pubECDSA(transfer.privateKey), this.params) !== from) {
      throw invalid('from is not the P2WPKH address of the private key')
    }
    const utxos = await this.spendable(from, transfer.unconfirmed ?? [])
    const network = signerNetwork(this.params)
    // A sweep spends every output and sends what is left after the fee to `to` as the "change".
    const selected = selectUTXO(
      utxos.map((u) => ({txid: u.txid, index: u.vout, witnessUtxo: {script: u.script, amount: u.amount}})),
      transfer.sweep ? [] : [{address: to, amount: transfer.amount}],
      transfer.sweep ? 'all' : 'default',
      {feePerByte: await this.feeRate(), changeAddress: transfer.sweep ? to : from, network, bip69: true, createTx: true},
    )
    if (!selected?.tx) {
      const total = utxos.reduce((sum, u) => sum + u.amount, 0n)
      throw new ExchangeError(
        'insufficient_funds',
        `${from} holds ${total} sat confirmed, short of ${transfer.amount} sat plus the fee`,
      )
    }
    // The unsigned transaction travels as a PSBT (BIP174): the same bytes an offline signer would take.
    const psbt = Transaction.fromPSBT(selected.tx.toPSBT())
    psbt.sign(transfer.privateKey)
    psbt.finalize()
    return {txHash: psbt.id, raw: psbt.hex, fee: psbt.fee}
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
   * UTXOs of an address that no mempool transaction spends yet (`gettxout` with the mempool), so a
   * withdrawal signed after an earlier one was broadcast does not spend the same outputs: the
   * confirmed ones, and the outputs to the address of the exchange's own unconfirmed transactions
   * (`unconfirmed`, signed bytes), which the exchange trusts as it signed them.
   */
  private async spendable(address: string, unconfirmed: readonly string[]): Promise<Utxo[]> {
    const confirmed = await this.utxos(address)
    const seen = new Set(confirmed.map((u) => `${u.txid}:${u.vout}`))
    const own: Utxo[] = []
    for (const raw of unconfirmed) {
      const tx = parseTransaction(raw)
      tx.outputs.forEach((output, vout) => {
        const key = `${tx.txid}:${vout}`
        if (seen.has(key) || scriptToAddress(output.script, this.params) !== address) return
        seen.add(key)
        own.push({txid: tx.txid, vout, amount: output.amount, script: output.script})
      })
    }
    const candidates = [...confirmed, ...own]
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

  private address(address: string, field: string): string {
    const canonical = canonicalAddress(address, this.params)
    if (canonical === null) throw invalid(`${field} is not a valid address on this network`)
    return canonical
  }
}
