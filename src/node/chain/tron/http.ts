/**
 * The java-tron HTTP API (a full node's `/wallet/*` and `/walletsolidity/*`, or TronGrid) as JSON
 * shapes and one POST helper. Addresses travel in hex (`41…`, `visible` false); amounts in sun are
 * JSON numbers, so any amount outside the float-exact range is refused rather than rounded.
 */
import {ExchangeError} from '../../ground/errors.js'

/** One contract of a transaction's raw_data, as the node renders it. */
export type TronContractJson = {
  type: string
  parameter: {value: Record<string, unknown>; type_url: string}
  Permission_id?: number
}

export type TronRawData = {
  contract: TronContractJson[]
  ref_block_bytes: string
  ref_block_hash: string
  expiration: number
  timestamp?: number
  fee_limit?: number
  data?: string
}

export type TronTransactionJson = {
  txID: string
  raw_data: TronRawData
  raw_data_hex: string
  signature?: string[]
  /** In blocks: the contract's result ("SUCCESS", "REVERT", ...). */
  ret?: {contractRet?: string}[]
  visible?: boolean
}

export type TronBlockJson = {
  blockID?: string
  block_header?: {raw_data: {number?: number; parentHash?: string; timestamp?: number}}
  transactions?: TronTransactionJson[]
}

/** A TVM log: `address` is the 20-byte contract address, topics and data hex, none with a prefix. */
export type TronLogJson = {address: string; topics?: string[]; data?: string}

export type TronTransactionInfoJson = {
  id?: string
  blockNumber?: number
  fee?: number
  /** "FAILED" when the transaction failed on chain. */
  result?: string
  resMessage?: string
  receipt?: {result?: string; energy_fee?: number; net_fee?: number}
  log?: TronLogJson[]
  /** Calls the transaction made from contract to contract or account, with the TRX they moved. */
  internal_transactions?: TronInternalJson[]
}

/**
 * One internal transaction: `note` is the hex of "call", "create" or "suicide"; `callValueInfo`
 * lists what moved (`tokenId` set for a TRC-10 asset, absent for TRX); `rejected` when it reverted.
 */
export type TronInternalJson = {
  hash?: string
  caller_address?: string
  transferTo_address?: string
  callValueInfo?: {callValue?: number | string; tokenId?: string}[]
  note?: string
  rejected?: boolean
}

/** The answer of broadcasttransaction: `result: true`, or a stable `code` and a hex message. */
export type TronBroadcastJson = {result?: boolean; txid?: string; code?: string; message?: string}

export type TronTriggerJson = {
  result?: {result?: boolean; code?: string; message?: string}
  transaction?: TronTransactionJson
  constant_result?: string[]
  energy_used?: number
}

export type TronClientOptions = {url: string; apiKey?: string; fetch?: typeof fetch}

/** A POST-only JSON client for the java-tron HTTP API. */
export class TronHttp {
  private readonly base: string
  private readonly headers: Record<string, string>
  private readonly fetcher: typeof fetch

  constructor(options: TronClientOptions) {
    this.base = options.url.replace(/\/+$/, '')
    this.headers = {'content-type': 'application/json', accept: 'application/json'}
    if (options.apiKey) this.headers['TRON-PRO-API-KEY'] = options.apiKey
    this.fetcher = options.fetch ?? fetch
  }

  async post<T>(path: string, body: object = {}): Promise<T> {
    let response: Response
    try {
      response = await this.fetcher(this.base + path, {method: 'POST', headers: this.headers, body: JSON.stringify(body)})
    } catch (error) {
      throw new ExchangeError('unavailable', `tron node unreachable (${path})`, {cause: error})
    }
    const text = await response.text()
    if (!response.ok)
      throw new ExchangeError('unavailable', `tron node answered ${response.status} to ${path}: ${text.slice(0, 200)}`)
    try {
      return JSON.parse(text) as T
    } catch (error) {
      throw new ExchangeError('unavailable', `tron node sent no JSON for ${path}`, {cause: error})
    }
  }
}

/** A sun amount from the node's JSON, refusing a number a float could not hold exactly. */
export function exactSun(value: unknown, what: string): bigint {
  if (value === undefined || value === null) return 0n
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value)
  throw new ExchangeError('internal', `tron ${what} is not an exact integer: ${String(value)}`)
}

/** A bigint sun amount as the JSON number the node takes, refusing what a float would round. */
export function sunToJson(amount: bigint): number {
  if (amount < 0n || amount > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new ExchangeError('invalid_argument', `tron amount out of the exact JSON range: ${amount}`)
  }
  return Number(amount)
}

/** The node's hex-encoded error message as text (java-tron hex-encodes `message`). */
export function tronMessage(hex: string | undefined): string {
  if (!hex) return ''
  return /^[0-9a-fA-F]+$/.test(hex) && hex.length % 2 === 0 ? Buffer.from(hex, 'hex').toString('utf8') : hex
}
