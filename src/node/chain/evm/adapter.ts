/**
 * The EVM adapter: ChainAdapter over a node's JSON-RPC (geth, erigon, anvil, a hosted endpoint),
 * through ethers v6. Calls used: eth_blockNumber, eth_getBlockByNumber (with transactions),
 * debug_traceBlockByNumber (callTracer) or trace_block where offered,
 * eth_getTransactionReceipt, eth_getLogs (by block hash), eth_getTransactionByHash, eth_getBalance,
 * eth_call (balanceOf, decimals), eth_getCode, eth_estimateGas, eth_gasPrice / eth_maxPriorityFeePerGas /
 * the latest block's base fee, eth_sendRawTransaction.
 *
 * Deposits are native value transfers carried by a transaction's own `to` (index 0), ERC-20
 * `Transfer` logs of the listed contracts (index = log index in the block), and native value moved
 * by internal calls (a contract forwarding ETH, a smart-contract wallet paying out; `internal.ts`),
 * read with `debug_traceBlockByNumber` (callTracer) or `trace_block`, whichever the node offers.
 * A node with neither is described with a warning: such deposits are not seen.
 */
import {JsonRpcProvider, Transaction, Wallet, getAddress, hexlify, toUtf8Bytes, type TransactionRequest} from 'ethers'
import {ExchangeError, invalid, notFound} from '../../ground/errors.js'
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
import {evmNetwork} from '../network-check.js'
import {canonicalEvmAddress} from './address.js'
import {NO_TRACES_WARNING, type TraceMode} from './internal.js'
import {BlockTracer} from './tracer.js'
import {
  DECIMALS_CALL,
  TRANSFER_TOPIC,
  decodeBalanceOf,
  decodeDecimals,
  decodeTransferLog,
  encodeBalanceOf,
  encodeTransfer,
} from './erc20.js'

export type EvmAdapterOptions = {
  /** JSON-RPC endpoint (http or https). */
  url: string
  /** EIP-155 chain id the node must serve; signatures commit to it. */
  chainId: number
  /**
   * Gas feeEstimate assumes for a token transfer: the real figure needs a sender and a recipient
   * (an ERC-20 transfer to a fresh holder costs more). Default 65,000 (a USDT transfer to a new holder).
   */
  tokenTransferGas?: bigint
  /** Percent added to eth_estimateGas for contract calls, as the state may move before mining. Default 25. */
  gasHeadroomPercent?: bigint
}

/** The fixed gas of a plain value transfer to an address without code. */
const NATIVE_TRANSFER_GAS = 21_000n

/** A replacement raises both fees by at least 12.5 % (docs/blockchain.md "Withdrawals"; geth's own minimum is 10 %). */
const BUMP_NUMERATOR = 9n
const BUMP_DENOMINATOR = 8n
const bump = (fee: bigint): bigint => (fee * BUMP_NUMERATOR + BUMP_DENOMINATOR - 1n) / BUMP_DENOMINATOR
const max = (a: bigint, b: bigint): bigint => (a > b ? a : b)

type Fees = {type: 2; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint} | {type: 0; gasPrice: bigint}

export class EvmAdapter implements ChainAdapter {
  readonly blockchain = 'eth' as const
  readonly provider: JsonRpcProvider
  private readonly chainId: number
  private readonly tokenTransferGas: bigint
  private readonly headroom: bigint
  /** The node's traces of internal value transfers (tracer.ts). */
  private readonly tracer: BlockTracer

  constructor(options: EvmAdapterOptions) {
    this.chainId = options.chainId
    this.tokenTransferGas = options.tokenTransferGas ?? 65_000n
    this.headroom = options.gasHeadroomPercent ?? 25n
    // staticNetwork: no eth_chainId probe before every call. cacheTimeout -1: ethers otherwise
    // answers a repeated identical request (eth_getTransactionCount, eth_blockNumber) from a
    // 250 ms cache, which would hand back a stale nonce or tip.
    this.provider = new JsonRpcProvider(options.url, options.chainId, {staticNetwork: true, cacheTimeout: -1})
    this.tracer = new BlockTracer(this.provider)
  }

  /** Releases the provider (no subscriptions are made, so this only stops pending timers). */
  close(): void {
    this.provider.destroy()
  }

  /** The node's chain id must be the one signatures commit to; its network is known for Ethereum's and dev chains. */
  async describe(): Promise<NodeNetwork> {
    const chainId = Number(BigInt((await this.provider.send('eth_chainId', [])) as string))
    if (chainId !== this.chainId) {
      throw new ExchangeError(
        'failed_precondition',
        `--eth-rpc-url: the node serves chain id ${chainId}, but the exchange signs for ${this.chainId} (--eth-chain-id)`,
      )
    }
    const traces = await this.traceMode()
    return {
      network: evmNetwork(chainId),
      detail: `chain id ${chainId}`,
      warnings: traces === 'none' ? [NO_TRACES_WARNING] : [],
    }
  }

  /** How this node shows internal value transfers (tracer.ts), asked once. */
  traceMode(): Promise<TraceMode> {
    return this.tracer.mode()
  }

  async tipHeight(): Promise<number> {
    return this.provider.getBlockNumber()
  }

  async blockRef(height: number): Promise<BlockRef | null> {
    const block = await this.provider.getBlock(height)
    if (!block?.hash) return null
    return {height: block.number, hash: block.hash, parentHash: block.parentHash}
  }

  async scanBlock(height: number, watched: (address: string) => boolean, tokens: readonly string[]): Promise<ScannedBlock> {
    const block = await this.provider.getBlock(height, true)
    if (!block?.hash) throw notFound(`eth block ${height} does not exist yet`)
    const transfers: IncomingTransfer[] = []

    for (const tx of block.prefetchedTransactions) {
      if (tx.value === 0n || tx.to === null) continue
      const to = getAddress(tx.to)
      if (!watched(to)) continue
      // A reverted call keeps its value with the sender: only a successful receipt credits.
      const receipt = await this.provider.getTransactionReceipt(tx.hash)
      if (receipt?.status !== 1) continue
      transfers.push({txHash: tx.hash, index: 0, to, from: getAddress(tx.from), contract: null, amount: tx.value})
    }

    if (tokens.length > 0) {
      const contracts = tokens.map(canonicalEvmAddress)
      // By hash, so the logs belong to exactly the block just read even if the chain moved since.
      const logs = await this.provider.getLogs({blockHash: block.hash, address: contracts, topics: [TRANSFER_TOPIC]})
      for (const log of logs) {
        if (log.removed) continue
        const decoded = decodeTransferLog(log.topics, log.data)
        if (!decoded || decoded.amount === 0n || !watched(decoded.to)) continue
        const contract = getAddress(log.address)
        transfers.push({
          txHash: log.transactionHash,
          index: log.index,
          to: decoded.to,
          from: decoded.from,
          contract,
          amount: decoded.amount,
        })
      }
    }
    transfers.push(...(await this.tracer.internalTransfers(block.number, block.transactions, watched)))
    return {height: block.number, hash: block.hash, parentHash: block.parentHash, transfers}
  }

  async txStatus(txHash: string): Promise<TxStatus> {
    const receipt = await this.provider.getTransactionReceipt(txHash)
    if (receipt) {
      // A reverted transaction pays its gas too.
      const fee = receipt.gasUsed * receipt.gasPrice
      if (receipt.status === 0) return {state: 'failed', height: receipt.blockNumber, confirmations: 0, fee}
      const tip = await this.tipHeight()
      return {state: 'mined', height: receipt.blockNumber, confirmations: Math.max(0, tip - receipt.blockNumber + 1), fee}
    }
    const tx = await this.provider.getTransaction(txHash)
    return {state: tx ? 'pending' : 'unknown', confirmations: 0}
  }

  async balance(address: string, contract: string | null): Promise<bigint> {
    const owner = canonicalEvmAddress(address)
    if (contract === null) return this.provider.getBalance(owner)
    const result = await this.provider.call({to: canonicalEvmAddress(contract), data: encodeBalanceOf(owner)})
    return decodeBalanceOf(result)
  }

  async tokenDecimals(contract: string): Promise<number> {
    const to = canonicalEvmAddress(contract)
    if ((await this.provider.getCode(to)) === '0x') {
      throw new ExchangeError('failed_precondition', `no contract code at ${to} on this eth network`)
    }
    return decodeDecimals(await this.provider.call({to, data: DECIMALS_CALL}))
  }

  /** The node's next nonce for `address`, pending transactions included (seeds the store's allocation). */
  async pendingNonce(address: string): Promise<number> {
    return this.provider.getTransactionCount(address, 'pending')
  }

  async feeEstimate(contract: string | null): Promise<bigint> {
    const fees = await this.fees()
    const gas = contract === null ? NATIVE_TRANSFER_GAS : this.tokenTransferGas
    return gas * (fees.type === 2 ? fees.maxFeePerGas : fees.gasPrice)
  }

  async sign(transfer: OutgoingTransfer): Promise<SignedTransaction> {
    const {nonce} = transfer
    if (nonce === undefined || !Number.isSafeInteger(nonce) || nonce < 0) {
      throw invalid('an eth transfer needs the nonce the caller allocated in the store')
    }
    if (transfer.amount <= 0n) throw invalid(`amount must be positive, got ${transfer.amount}`)
    const wallet = new Wallet(hexlify(transfer.privateKey))
    if (wallet.address !== canonicalEvmAddress(transfer.from)) {
      throw invalid(`the private key belongs to ${wallet.address}, not to ${transfer.from}`)
    }
    const to = canonicalEvmAddress(transfer.to)

    let call: {to: string; value: bigint; data: string}
    let gasLimit: bigint
    if (transfer.contract === null) {
      // A memo travels as the transaction's data (UTF-8 bytes).
      const memo = transfer.memo === undefined || transfer.memo === '' ? null : hexlify(toUtf8Bytes(transfer.memo))
      call = {to, value: transfer.amount, data: memo ?? '0x'}
      // A recipient with code (a contract, an EIP-7702 delegated account) may spend more than 21,000;
      // data costs gas by the hard fork's rules (EIP-2028, EIP-7623's floor): the node counts both.
      const code = await this.provider.getCode(to)
      // To an address without code the value changes nothing: estimated without it, so a hot wallet
      // short of the amount is told by the balance check below (the withdrawal waits), not by the node.
      if (code !== '0x') gasLimit = await this.estimate(wallet.address, call)
      else gasLimit = memo === null ? NATIVE_TRANSFER_GAS : await this.estimate(wallet.address, {...call, value: 0n})
    } else {
      if (transfer.memo !== undefined && transfer.memo !== '') throw invalid('a token transfer has no place for a memo')
      const held = await this.balance(wallet.address, transfer.contract)
      if (held < transfer.amount) {
        throw new ExchangeError('insufficient_funds', `${wallet.address} holds ${held} of the token, short of ${transfer.amount}`)
      }
      call = {to: canonicalEvmAddress(transfer.contract), value: 0n, data: encodeTransfer(to, transfer.amount)}
      gasLimit = await this.estimate(wallet.address, call)
    }

    const fees = await this.fees()
    if (!transfer.sweep) {
      // The coin must pay the value sent and the most the gas can cost: short, the transfer waits.
      const needed = call.value + gasLimit * (fees.type === 2 ? fees.maxFeePerGas : fees.gasPrice)
      const coin = await this.provider.getBalance(wallet.address)
      if (coin < needed) throw new ExchangeError('insufficient_funds', `${wallet.address} holds ${coin} wei, short of ${needed}`)
    }
    if (transfer.sweep && transfer.contract === null) {
      // Everything but the most this transaction can pay for gas.
      const maxFee = fees.type === 2 ? fees.maxFeePerGas : fees.gasPrice
      call.value = (await this.provider.getBalance(wallet.address)) - gasLimit * maxFee
      if (call.value <= 0n) throw new ExchangeError('insufficient_funds', `${wallet.address} holds less than the gas of a sweep`)
    }
    const request: TransactionRequest = {...call, ...fees, chainId: this.chainId, nonce, gasLimit}
    const raw = await wallet.signTransaction(request)
    return {txHash: Transaction.from(raw).hash!, raw}
  }

  /** Not mined after the network's `replace_after_blocks`: replaced with the same nonce. */
  async replaceDue(_raw: string, blocks: number, replaceAfterBlocks: number): Promise<boolean> {
    return replaceAfterBlocks > 0 && blocks >= replaceAfterBlocks
  }

  /**
   * The same transaction (nonce, recipient, value, call data, gas limit) with both fees raised to
   * the node's current ones or by 12.5 %, whichever is higher; a native sweep sends its balance less
   * the higher gas. Refused while an earlier nonce of the sender is still unmined (this one cannot
   * be mined before it, and bumping it would pay for nothing) and once the nonce is used.
   */
  async replace(previous: string, transfer: OutgoingTransfer): Promise<SignedTransaction> {
    const old = Transaction.from(previous)
    const wallet = new Wallet(hexlify(transfer.privateKey))
    if (old.from === null || wallet.address !== getAddress(old.from)) {
      throw invalid(`the private key belongs to ${wallet.address}, not to the sender of ${old.hash}`)
    }
    const mined = await this.provider.getTransactionCount(wallet.address, 'latest')
    if (mined > old.nonce)
      throw new ExchangeError('failed_precondition', `nonce ${old.nonce} of ${wallet.address} is used already`)
    if (mined < old.nonce) {
      throw new ExchangeError(
        'failed_precondition',
        `nonce ${old.nonce} of ${wallet.address} waits for ${old.nonce - mined} earlier transaction(s) to be mined`,
      )
    }
    const market = await this.fees()
    let fees: Fees
    if (old.type === 2) {
      const priority = max(market.type === 2 ? market.maxPriorityFeePerGas : 0n, bump(old.maxPriorityFeePerGas ?? 0n))
      const maxFee = max(market.type === 2 ? market.maxFeePerGas : market.gasPrice, bump(old.maxFeePerGas ?? 0n))
      fees = {type: 2, maxFeePerGas: max(maxFee, priority), maxPriorityFeePerGas: priority}
    } else {
      fees = {type: 0, gasPrice: max(market.type === 2 ? market.maxFeePerGas : market.gasPrice, bump(old.gasPrice ?? 0n))}
    }
    const maxFee = fees.type === 2 ? fees.maxFeePerGas : fees.gasPrice
    let value = old.value
    const coin = await this.provider.getBalance(wallet.address)
    if (transfer.sweep && transfer.contract === null) {
      value = coin - old.gasLimit * maxFee
      if (value <= 0n)
        throw new ExchangeError('insufficient_funds', `${wallet.address} holds less than the higher gas of a sweep`)
    } else if (coin < value + old.gasLimit * maxFee) {
      throw new ExchangeError(
        'insufficient_funds',
        `${wallet.address} holds ${coin} wei, short of ${value + old.gasLimit * maxFee}`,
      )
    }
    const request: TransactionRequest = {
      to: old.to,
      value,
      data: old.data,
      ...fees,
      chainId: this.chainId,
      nonce: old.nonce,
      gasLimit: old.gasLimit,
    }
    const raw = await wallet.signTransaction(request)
    return {txHash: Transaction.from(raw).hash!, raw}
  }

  async broadcast(raw: string): Promise<void> {
    const txHash = Transaction.from(raw).hash!
    try {
      await this.provider.send('eth_sendRawTransaction', [raw])
    } catch (error) {
      // "already known", "nonce too low" for our own mined transaction, ...: whatever the node's
      // wording, the same bytes are harmless when the node already holds this very hash.
      if ((await this.provider.getTransaction(txHash)) !== null) return
      const reason = error instanceof Error ? error.message : String(error)
      throw new ExchangeError('failed_precondition', `eth node refused transaction ${txHash}: ${reason}`, {cause: error})
    }
  }

  private async estimate(from: string, call: {to: string; value: bigint; data: string}): Promise<bigint> {
    const gas = await this.provider.estimateGas({from, ...call})
    return gas + (gas * this.headroom) / 100n
  }

  /** EIP-1559 fees when the node's latest block has a base fee, else a legacy gas price. */
  private async fees(): Promise<Fees> {
    const data = await this.provider.getFeeData()
    if (data.maxFeePerGas !== null && data.maxPriorityFeePerGas !== null) {
      return {type: 2, maxFeePerGas: data.maxFeePerGas, maxPriorityFeePerGas: data.maxPriorityFeePerGas}
    }
    if (data.gasPrice === null) throw new ExchangeError('unavailable', 'eth node gave no gas price')
    return {type: 0, gasPrice: data.gasPrice}
  }
}
