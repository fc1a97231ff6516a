/**
 * The TRON adapter: ChainAdapter over the java-tron HTTP API (a full node or TronGrid, with the
 * `TRON-PRO-API-KEY` header when a key is given). Calls used: /wallet/getnowblock,
 * /wallet/getblockbynum, /wallet/gettransactioninfobyblocknum (TRC-20 logs of a block),
 * /wallet/gettransactioninfobyid, /wallet/gettransactionfrompending, /wallet/getaccount,
 * /wallet/triggerconstantcontract (balanceOf, decimals), /wallet/getchainparameters (fees),
 * /wallet/createtransaction and /wallet/triggersmartcontract (build), /wallet/broadcasttransaction.
 *
 * Deposits are TransferContract transactions to a watched address (index 0) and TRC-20 `Transfer`
 * logs of the listed contracts (index = the log's position among all logs of the block, in block
 * order). TRX moved by internal contract calls is not seen. Transactions are built by the node,
 * checked against the request and signed here (transaction.ts); `raw` is the signed transaction's
 * JSON, which broadcasttransaction takes as is.
 */
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
import {decodeBalanceOf, decodeDecimals} from '../evm/erc20.js'
import {INTERNAL_INDEX_BASE} from '../evm/internal.js'
import {tronNetwork} from '../network-check.js'
import {canonicalTronAddress, tronAddressFromPrivateKey, tronFromHex, tronToHex} from './address.js'
import {
  TronHttp,
  exactSun,
  sunToJson,
  tronMessage,
  type TronBlockJson,
  type TronBroadcastJson,
  type TronTransactionInfoJson,
  type TronTransactionJson,
  type TronTriggerJson,
} from './http.js'
import {
  BALANCE_OF_SELECTOR,
  DECIMALS_SELECTOR,
  TRANSFER_SELECTOR,
  balanceOfParameter,
  decodeTrc20TransferLog,
  transferCallData,
} from './trc20.js'
import {signTxId, verifyBuilt, withMemo, type TronIntent} from './transaction.js'

export type TronAdapterOptions = {
  /** Full node HTTP API or TronGrid base URL. */
  url: string
  /** TronGrid key, sent as TRON-PRO-API-KEY. */
  apiKey?: string
  /** Most TRX a TRC-20 transfer may burn for energy, in sun (fee_limit). Default 100 TRX. */
  feeLimit?: bigint
  /** Energy feeEstimate assumes for a TRC-20 transfer. Default 130,000 (USDT to a new holder). */
  trc20TransferEnergy?: bigint
  fetch?: typeof fetch
}

/** Bandwidth (bytes) of a signed TRX transfer and of a TRC-20 transfer call, as feeEstimate counts them. */
const TRX_TRANSFER_BYTES = 270n
const TRC20_TRANSFER_BYTES = 350n

export class TronAdapter implements ChainAdapter {
  readonly blockchain = 'tron' as const
  private readonly http: TronHttp
  private readonly feeLimit: number
  private readonly trc20Energy: bigint

  constructor(options: TronAdapterOptions) {
    this.http = new TronHttp({url: options.url, apiKey: options.apiKey, fetch: options.fetch})
    this.feeLimit = sunToJson(options.feeLimit ?? 100_000_000n)
    this.trc20Energy = options.trc20TransferEnergy ?? 130_000n
  }

  async tipHeight(): Promise<number> {
    const block = await this.http.post<TronBlockJson>('/wallet/getnowblock')
    return blockRefOf(block, 'tip').height
  }

  /** TRON's mainnet is known by its genesis block. */
  async describe(): Promise<NodeNetwork> {
    const genesis = await this.http.post<TronBlockJson>('/wallet/getblockbynum', {num: 0})
    const id = genesis.blockID ?? ''
    return {network: tronNetwork(id), detail: `genesis ${id.slice(0, 16)}…`, warnings: []}
  }

  async blockRef(height: number): Promise<BlockRef | null> {
    const block = await this.http.post<TronBlockJson>('/wallet/getblockbynum', {num: height})
    return block.blockID ? blockRefOf(block, `block ${height}`) : null
  }

  async scanBlock(height: number, watched: (address: string) => boolean, tokens: readonly string[]): Promise<ScannedBlock> {
    const block = await this.http.post<TronBlockJson>('/wallet/getblockbynum', {num: height})
    if (!block.blockID) throw notFound(`tron block ${height} does not exist yet`)
    const ref = blockRefOf(block, `block ${height}`)
    const txs = block.transactions ?? []
    const transfers: IncomingTransfer[] = []

    for (const tx of txs) {
      const contract = tx.raw_data.contract[0]
      if (tx.raw_data.contract.length !== 1 || contract?.type !== 'TransferContract') continue
      if (tx.ret?.[0]?.contractRet !== 'SUCCESS') continue
      const value = contract.parameter.value
      const to = tronFromHex(String(value.to_address))
      if (!watched(to)) continue
      const amount = exactSun(value.amount, `amount of ${tx.txID}`)
      transfers.push({txHash: tx.txID, index: 0, to, from: tronFromHex(String(value.owner_address)), contract: null, amount})
    }

    const listed = new Set(tokens.map(canonicalTronAddress))
    // Token logs and TRX moved by internal calls are both in the block's transaction infos.
    if (txs.some((tx) => tx.raw_data.contract[0]?.type === 'TriggerSmartContract')) {
      const order = new Map(txs.map((tx, position) => [tx.txID, position]))
      type Infos = TronTransactionInfoJson[] | Record<string, never>
      const infos = await this.http.post<Infos>('/wallet/gettransactioninfobyblocknum', {num: height})
      const list = Array.isArray(infos) ? infos : []
      // The infos must be this block's: the chain may have moved between the two calls.
      if (list.some((info) => info.blockNumber !== height || !order.has(info.id ?? ''))) {
        throw new ExchangeError('unavailable', `tron block ${height} changed while it was read; scan again`)
      }
      list.sort((a, b) => order.get(a.id!)! - order.get(b.id!)!)
      let logIndex = 0
      for (const info of list) {
        transfers.push(...internalTrx(info, watched))
        for (const log of info.log ?? []) {
          const index = logIndex++
          if (info.receipt?.result !== undefined && info.receipt.result !== 'SUCCESS') continue
          const decoded = listed.size > 0 ? decodeTrc20TransferLog(log) : null
          if (!decoded || !listed.has(decoded.contract) || decoded.amount === 0n || !watched(decoded.to)) continue
          transfers.push({
            txHash: info.id!,
            index,
            to: decoded.to,
            from: decoded.from,
            contract: decoded.contract,
            amount: decoded.amount,
          })
        }
      }
    }
    return {...ref, transfers}
  }

  async txStatus(txHash: string): Promise<TxStatus> {
    const info = await this.http.post<TronTransactionInfoJson>('/wallet/gettransactioninfobyid', {value: txHash})
    if (info.blockNumber !== undefined) {
      const failed = info.result === 'FAILED' || (info.receipt?.result !== undefined && info.receipt.result !== 'SUCCESS')
      // `fee`: all the TRX the transaction burned (bandwidth, energy, account creation), failed or not.
      const fee = exactSun(info.fee, `fee of ${txHash}`)
      if (failed) return {state: 'failed', height: info.blockNumber, confirmations: 0, fee}
      const tip = await this.tipHeight()
      return {state: 'mined', height: info.blockNumber, confirmations: Math.max(0, tip - info.blockNumber + 1), fee}
    }
    const pending = await this.http.post<Partial<TronTransactionJson>>('/wallet/gettransactionfrompending', {value: txHash})
    return {state: pending.txID ? 'pending' : 'unknown', confirmations: 0}
  }

  async balance(address: string, contract: string | null): Promise<bigint> {
    const owner = canonicalTronAddress(address)
    if (contract === null) {
      // An address that never received TRX is not an account yet: the node answers {}.
      const account = await this.http.post<{balance?: number}>('/wallet/getaccount', {address: tronToHex(owner)})
      return exactSun(account.balance, `balance of ${owner}`)
    }
    return decodeBalanceOf('0x' + (await this.constantCall(contract, BALANCE_OF_SELECTOR, balanceOfParameter(owner), owner)))
  }

  async tokenDecimals(contract: string): Promise<number> {
    const canonical = canonicalTronAddress(contract)
    return decodeDecimals(await this.constantCall(canonical, DECIMALS_SELECTOR, '', canonical))
  }

  /** The hex answer of a constant (read-only) contract call. */
  private async constantCall(contract: string, selector: string, parameter: string, owner: string): Promise<string> {
    const answer = await this.http.post<TronTriggerJson>('/wallet/triggerconstantcontract', {
      owner_address: tronToHex(owner),
      contract_address: tronToHex(canonicalTronAddress(contract)),
      function_selector: selector,
      parameter,
    })
    const result = answer.constant_result?.[0]
    if (answer.result?.result !== true || result === undefined) {
      throw new ExchangeError(
        'unavailable',
        `tron ${selector} on ${contract} failed: ${tronMessage(answer.result?.message) || 'no result'}`,
      )
    }
    return result
  }

  async feeEstimate(contract: string | null): Promise<bigint> {
    const answer = await this.http.post<{chainParameter?: {key: string; value?: number}[]}>('/wallet/getchainparameters')
    const parameter = (key: string) => {
      const found = answer.chainParameter?.find((p) => p.key === key)
      if (!found) throw new ExchangeError('unavailable', `tron node gave no chain parameter ${key}`)
      return exactSun(found.value, key)
    }
    const bandwidthPrice = parameter('getTransactionFee')
    if (contract === null) return TRX_TRANSFER_BYTES * bandwidthPrice
    return TRC20_TRANSFER_BYTES * bandwidthPrice + this.trc20Energy * parameter('getEnergyFee')
  }

  async sign(request: OutgoingTransfer): Promise<SignedTransaction> {
    // A TRX sweep leaves the most its bandwidth could burn.
    const transfer =
      request.sweep && request.contract === null
        ? {...request, amount: (await this.balance(request.from, null)) - (await this.feeEstimate(null))}
        : request
    if (transfer.amount <= 0n) throw invalid(`amount must be positive, got ${transfer.amount}`)
    const owner = canonicalTronAddress(transfer.from)
    if (tronAddressFromPrivateKey(transfer.privateKey) !== owner) throw invalid(`the private key does not belong to ${owner}`)
    const to = canonicalTronAddress(transfer.to)
    const held = await this.balance(owner, transfer.contract)
    if (held < transfer.amount) {
      throw new ExchangeError('insufficient_funds', `${owner} holds ${held}, short of ${transfer.amount}`)
    }
    if (transfer.contract !== null) {
      const energy = await this.feeEstimate(transfer.contract)
      const trx = await this.balance(owner, null)
      if (trx < energy)
        throw new ExchangeError('insufficient_funds', `${owner} holds ${trx} sun, short of the ${energy} its energy may burn`)
    }

    let intent: TronIntent
    let tx: TronTransactionJson & {Error?: string}
    if (transfer.contract === null) {
      intent = {type: 'TransferContract', owner, to, amount: transfer.amount}
      tx = await this.http.post('/wallet/createtransaction', {
        owner_address: tronToHex(owner),
        to_address: tronToHex(to),
        amount: sunToJson(transfer.amount),
      })
      if (tx.Error || !tx.txID)
        throw new ExchangeError('failed_precondition', `tron node refused to build the transfer: ${tx.Error ?? 'no txID'}`)
    } else {
      const contract = canonicalTronAddress(transfer.contract)
      const data = transferCallData(to, transfer.amount)
      const parameter = data.slice(8)
      const answer = await this.http.post<TronTriggerJson>('/wallet/triggersmartcontract', {
        owner_address: tronToHex(owner),
        contract_address: tronToHex(contract),
        function_selector: TRANSFER_SELECTOR,
        parameter,
        fee_limit: this.feeLimit,
        call_value: 0,
      })
      if (answer.result?.result !== true || !answer.transaction) {
        throw new ExchangeError(
          'failed_precondition',
          `tron node refused to build the call: ${tronMessage(answer.result?.message)}`,
        )
      }
      tx = answer.transaction
      intent = {type: 'TriggerSmartContract', owner, contract, data, feeLimit: this.feeLimit}
    }

    verifyBuilt(tx, intent)
    if (transfer.memo !== undefined && transfer.memo !== '') {
      if (transfer.contract !== null) throw invalid('a token transfer has no place for a memo')
      tx = withMemo(tx, transfer.memo)
    }
    const signed: TronTransactionJson = {
      visible: false,
      txID: tx.txID,
      raw_data: tx.raw_data,
      raw_data_hex: tx.raw_data_hex,
      signature: [signTxId(tx.txID, transfer.privateKey)],
    }
    return {txHash: tx.txID, raw: JSON.stringify(signed)}
  }

  /**
   * A TRON transaction cannot be replaced while it may still be mined: it is due once it expired,
   * i.e. the head block is at or past its `raw_data.expiration` (no later block can include it).
   */
  async replaceDue(raw: string): Promise<boolean> {
    const {raw_data: rawData} = JSON.parse(raw) as TronTransactionJson
    const head = await this.http.post<TronBlockJson>('/wallet/getnowblock')
    const time = head.block_header?.raw_data?.timestamp
    if (typeof time !== 'number') throw new ExchangeError('unavailable', 'tron node sent no head block time')
    return time >= rawData.expiration
  }

  /** The same transfer built and signed anew, once `previous` expired unmined (TRON has no fee to raise). */
  async replace(previous: string, transfer: OutgoingTransfer): Promise<SignedTransaction> {
    if (!(await this.replaceDue(previous))) {
      throw new ExchangeError('failed_precondition', 'the transaction has not expired: it may still be mined')
    }
    return this.sign(transfer)
  }

  async broadcast(raw: string): Promise<void> {
    const tx = JSON.parse(raw) as TronTransactionJson
    const answer = await this.http.post<TronBroadcastJson>('/wallet/broadcasttransaction', tx)
    if (answer.result === true || answer.code === 'DUP_TRANSACTION_ERROR') return
    // Expired from the node's duplicate cache but already on chain: the same bytes, harmless.
    if ((await this.txStatus(tx.txID)).state !== 'unknown') return
    throw new ExchangeError(
      'failed_precondition',
      `tron node refused transaction ${tx.txID}: ${answer.code} ${tronMessage(answer.message)}`,
    )
  }
}

function blockRefOf(block: TronBlockJson, what: string): BlockRef {
  const header = block.block_header?.raw_data
  if (!block.blockID || !header) throw new ExchangeError('unavailable', `tron node sent no ${what}`)
  // Protobuf JSON omits zero values: the genesis block has no `number`.
  return {height: header.number ?? 0, hash: block.blockID, parentHash: header.parentHash ?? ''}
}

/** What `internal_transactions[i].note` says for a call that moves TRX to its `transferTo_address` (hex of the text). */
const VALUE_NOTES = new Set(['call', 'create', 'suicide'].map((note) => Buffer.from(note, 'utf8').toString('hex')))

/**
 * TRX a transaction's internal calls moved to watched addresses (a contract forwarding TRX, a
 * contract wallet paying out): none when the transaction failed or the call was rejected; TRC-10
 * values (with a `tokenId`) are not TRX. Index: `INTERNAL_INDEX_BASE` + 1 + the call's position in
 * `internal_transactions` (the transaction's own value is index 0), as on eth.
 */
function internalTrx(info: TronTransactionInfoJson, watched: (address: string) => boolean): IncomingTransfer[] {
  if (info.id === undefined || (info.receipt?.result !== undefined && info.receipt.result !== 'SUCCESS')) return []
  if (info.result === 'FAILED') return []
  const found: IncomingTransfer[] = []
  ;(info.internal_transactions ?? []).forEach((call, position) => {
    if (call.rejected === true || !VALUE_NOTES.has(String(call.note ?? '').toLowerCase())) return
    if (!call.caller_address || !call.transferTo_address) return
    const amount = (call.callValueInfo ?? [])
      .filter((value) => value.tokenId === undefined || value.tokenId === '' || value.tokenId === '_')
      .reduce((sum, value) => sum + exactSun(value.callValue ?? 0, `internal call value of ${info.id}`), 0n)
    if (amount <= 0n) return
    const to = tronFromHex(call.transferTo_address)
    if (!watched(to)) return
    found.push({
      txHash: info.id!,
      index: INTERNAL_INDEX_BASE + 1 + position,
      to,
      from: tronFromHex(call.caller_address),
      contract: null,
      amount,
    })
  })
  return found
}
