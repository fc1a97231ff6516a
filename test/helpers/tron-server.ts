/**
 * A protocol-faithful stand-in for a java-tron full node's HTTP API, for tests (java-tron ships only
 * as a Docker image, which this environment cannot run). It answers the real `/wallet/*` and
 * `/walletsolidity/*` JSON shapes with `visible: false` hex addresses, keeps a tiny in-memory chain
 * (blocks, TRX balances, TRC-20 contracts with balances and a pause switch), encodes genuine
 * raw_data protobufs with TronWeb's own encoder, and VERIFIES every broadcast: the txID is recomputed
 * from raw_data, the signer is recovered from the secp256k1 signature over it and must be the owner,
 * TaPoS reference and expiration are checked, duplicates answer DUP_TRANSACTION_ERROR.
 * It is written against TronWeb and ethers, not against the adapter's code, so they check each other.
 * Blocks are produced only by `mine()`.
 */
import {createHash} from 'node:crypto'
import http from 'node:http'
import type {AddressInfo} from 'node:net'
import {Interface, id, zeroPadValue} from 'ethers'
import {TronWeb, utils} from 'tronweb'

type Json = Record<string, any>
type Block = {number: number; blockID: string; parentHash: string; timestamp: number; txs: Json[]; infos: Json[]}
type Trc20 = {balances: Map<string, bigint>; paused: boolean; decimals: number}

/** Chain parameters the fee estimate reads (mainnet values of 2025). */
export const TRON_BANDWIDTH_PRICE = 1000
export const TRON_ENERGY_PRICE = 100
/** Energy every TRC-20 transfer costs here (a USDT transfer to an existing holder on mainnet). */
export const TRC20_ENERGY = 64_285
/** Energy a forwarder's call costs here. */
const FORWARD_ENERGY = 30_000

const erc20 = new Interface(['function transfer(address to, uint256 amount) returns (bool)'])
const TRANSFER_TOPIC = id('Transfer(address,address,uint256)').slice(2)
/** TRON mainnet's genesis block id. */
export const TRON_MAINNET_GENESIS = '00000000000000001ebf88508a03865c71d452e25f4d51194196a1d22b6653dc'
const hexText = (text: string) => Buffer.from(text, 'utf8').toString('hex')
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
const word = (hex: string) => zeroPadValue('0x' + hex, 32).slice(2)
/** Hex `41…` form of any address form TronWeb understands. */
const hex41 = (address: string) => TronWeb.address.toHex(address).toLowerCase()

export class TronTestServer {
  readonly blocks: Block[] = []
  readonly trx = new Map<string, bigint>()
  readonly trc20 = new Map<string, Trc20>()
  /**
   * Contracts that pass TRX on: `forward(address)` sends the call's `call_value` to the address (an
   * internal transaction, as java-tron reports it in `internal_transactions`); `forwardAndRevert(address)`
   * makes the same call and then reverts (the internal transaction is `rejected`, nothing moves).
   */
  readonly forwarders = new Set<string>()
  readonly pending = new Map<string, Json>()
  readonly infos = new Map<string, Json>()
  /** TRON-PRO-API-KEY header of every request, in order ('' when absent). */
  readonly apiKeys: string[] = []
  /** When set, rewrites the raw_data of the next transaction built to be signed (a lying node). */
  tamper: ((rawData: Json) => void) | null = null
  private server?: http.Server
  url = ''

  constructor(options: {genesis?: string} = {}) {
    // Block 0 is TRON mainnet's genesis, as a java-tron mainnet node answers it (the exchange's
    // start-up check tells mainnet from test networks by it); `{genesis}` gives a test network's.
    const genesis = this.makeBlock(0, '0'.repeat(64), Date.now() - 60_000, [])
    this.blocks.push({...genesis, blockID: options.genesis ?? TRON_MAINNET_GENESIS})
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res))
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }

  get head(): Block {
    return this.blocks[this.blocks.length - 1]!
  }

  /** Credits TRX out of thin air (as genesis allocations do). */
  fund(address: string, sun: bigint): void {
    this.trx.set(hex41(address), (this.trx.get(hex41(address)) ?? 0n) + sun)
  }

  trxBalance(address: string): bigint {
    return this.trx.get(hex41(address)) ?? 0n
  }

  /** Creates a TRC-20 contract at `address` (any T… address) with `holder` owning `supply`. */
  deployForwarder(address: string): void {
    this.forwarders.add(hex41(address))
  }

  deployTrc20(address: string, holder: string, supply: bigint, decimals = 6): void {
    this.trc20.set(hex41(address), {balances: new Map([[hex41(holder), supply]]), paused: false, decimals})
  }

  trc20Balance(contract: string, holder: string): bigint {
    return this.trc20.get(hex41(contract))?.balances.get(hex41(holder)) ?? 0n
  }

  /** The node forgets a pending transaction (a restart, a pool that dropped it); returns what it held. */
  lose(txID: string): Json | undefined {
    const tx = this.pending.get(txID)
    this.pending.delete(txID)
    return tx
  }

  setPaused(contract: string, paused: boolean): void {
    this.trc20.get(hex41(contract))!.paused = paused
  }

  /**
   * Produces `count` blocks, 3 s of chain time apart (or now, if later); the first one includes every
   * pending transaction, in arrival order, but those that expired (expiration at or before the head
   * block's time: java-tron drops them, no block can include them any more).
   */
  mine(count = 1): void {
    for (let i = 0; i < count; i++) {
      const txs: Json[] = []
      const infos: Json[] = []
      const number = this.head.number + 1
      const timestamp = Math.max(this.head.timestamp + 3000, Date.now())
      for (const tx of this.pending.values()) {
        if (tx.raw_data.expiration <= this.head.timestamp) continue
        const info = this.execute(tx, number, timestamp)
        if (!info) continue
        txs.push({...tx, ret: [{contractRet: info.receipt.result ?? 'SUCCESS'}]})
        infos.push(info)
        this.infos.set(tx.txID, info)
      }
      this.pending.clear()
      this.blocks.push(this.makeBlock(number, this.head.blockID, timestamp, txs, infos))
    }
  }

  private makeBlock(number: number, parentHash: string, timestamp: number, txs: Json[], infos: Json[] = []): Block {
    const digest = sha256(`${parentHash}:${number}:${timestamp}:${txs.map((tx) => tx.txID).join(',')}`)
    return {number, blockID: number.toString(16).padStart(16, '0') + digest.slice(16), parentHash, timestamp, txs, infos}
  }

  /** Applies a transaction to the state; its TransactionInfo, or null when it can no longer apply. */
  private execute(tx: Json, blockNumber: number, blockTimeStamp: number): Json | null {
    const contract = tx.raw_data.contract[0]
    const value = contract.parameter.value
    const owner = value.owner_address as string
    const base = {id: tx.txID, blockNumber, blockTimeStamp}
    if (contract.type === 'TransferContract') {
      const amount = BigInt(value.amount)
      if ((this.trx.get(owner) ?? 0n) < amount) return null
      this.trx.set(owner, this.trx.get(owner)! - amount)
      this.trx.set(value.to_address, (this.trx.get(value.to_address) ?? 0n) + amount)
      return {...base, contractResult: [''], receipt: {net_usage: tx.raw_data_hex.length / 2 + 67}}
    }
    if (this.forwarders.has(value.contract_address)) return this.forward(tx, base)
    // TriggerSmartContract: only TRC-20 transfer() is modelled. Energy is burned from the owner.
    const fee = BigInt(TRC20_ENERGY * TRON_ENERGY_PRICE)
    this.trx.set(owner, (this.trx.get(owner) ?? 0n) - fee)
    const receipt = {energy_fee: Number(fee), energy_usage_total: TRC20_ENERGY, net_usage: tx.raw_data_hex.length / 2 + 67}
    const token = this.trc20.get(value.contract_address)!
    const call = this.decodeTransfer(value.data)
    const to = call ? '41' + call.to.slice(2).toLowerCase() : ''
    if (!call || token.paused || (token.balances.get(owner) ?? 0n) < call.amount) {
      const revert = {...receipt, result: 'REVERT'}
      return {
        ...base,
        fee: Number(fee),
        contract_address: value.contract_address,
        receipt: revert,
        result: 'FAILED',
        resMessage: hexText('REVERT opcode executed'),
      }
    }
    token.balances.set(owner, token.balances.get(owner)! - call.amount)
    token.balances.set(to, (token.balances.get(to) ?? 0n) + call.amount)
    const log = {
      address: value.contract_address.slice(2),
      topics: [TRANSFER_TOPIC, word(owner.slice(2)), word(to.slice(2))],
      data: call.amount.toString(16).padStart(64, '0'),
    }
    return {
      ...base,
      fee: Number(fee),
      contractResult: ['0'.repeat(63) + '1'],
      contract_address: value.contract_address,
      receipt: {...receipt, result: 'SUCCESS'},
      log: [log],
    }
  }

  /** A call of a forwarder: its call_value goes on to the address in its argument, as an internal transaction. */
  private forward(tx: Json, base: Json): Json | null {
    const value = tx.raw_data.contract[0].parameter.value
    const owner = value.owner_address as string
    const amount = BigInt(value.call_value ?? 0)
    const fee = BigInt(FORWARD_ENERGY * TRON_ENERGY_PRICE)
    if ((this.trx.get(owner) ?? 0n) < amount + fee) return null
    const reverts = String(value.data).startsWith(id('forwardAndRevert(address)').slice(2, 10))
    const to =
      '41' +
      String(value.data)
        .slice(8 + 24, 8 + 64)
        .toLowerCase()
    this.trx.set(owner, this.trx.get(owner)! - fee - (reverts ? 0n : amount))
    if (!reverts) this.trx.set(to, (this.trx.get(to) ?? 0n) + amount)
    const internal = {
      hash: sha256(`${tx.txID}:0`),
      caller_address: value.contract_address,
      transferTo_address: to,
      callValueInfo: [{callValue: Number(amount)}],
      note: hexText('call'),
      ...(reverts ? {rejected: true} : {}),
    }
    const receipt = {energy_fee: Number(fee), energy_usage_total: FORWARD_ENERGY, net_usage: tx.raw_data_hex.length / 2 + 67}
    return {
      ...base,
      fee: Number(fee),
      contractResult: [''],
      contract_address: value.contract_address,
      receipt: {...receipt, result: reverts ? 'REVERT' : 'SUCCESS'},
      ...(reverts ? {result: 'FAILED', resMessage: hexText('REVERT opcode executed')} : {}),
      internal_transactions: [internal],
    }
  }

  private decodeTransfer(data: string): {to: string; amount: bigint} | null {
    try {
      const parsed = erc20.parseTransaction({data: '0x' + data})
      return parsed ? {to: String(parsed.args[0]), amount: BigInt(parsed.args[1])} : null
    } catch {
      return null
    }
  }

  /** raw_data around one contract, referencing the head block (TaPoS), encoded by TronWeb. */
  private build(type: string, value: Json, feeLimit?: number, constant = false): Json {
    const rawData: Json = {
      contract: [{parameter: {value, type_url: `type.googleapis.com/protocol.${type}`}, type}],
      ref_block_bytes: (this.head.number & 0xffff).toString(16).padStart(4, '0'),
      ref_block_hash: this.head.blockID.slice(16, 32),
      expiration: Math.max(this.head.timestamp, Date.now()) + 60_000,
      timestamp: Date.now(),
    }
    if (feeLimit) rawData.fee_limit = feeLimit
    // A constant call's transaction is never signed: the lie waits for the next one that is.
    if (!constant) {
      this.tamper?.(rawData)
      this.tamper = null
    }
    return this.encode({visible: false, raw_data: rawData})
  }

  private encode(tx: Json): Json {
    const pb = utils.transaction.txJsonToPb(tx)
    const txID = utils.transaction.txPbToTxID(pb).replace(/^0x/, '')
    return {visible: false, txID, raw_data: tx.raw_data, raw_data_hex: utils.transaction.txPbToRawDataHex(pb).toLowerCase()}
  }

  private blockJson(block: Block): Json {
    const rawData: Json = {
      txTrieRoot: '0'.repeat(64),
      witness_address: '41' + '00'.repeat(20),
      parentHash: block.parentHash,
      version: 30,
      timestamp: block.timestamp,
    }
    if (block.number > 0) rawData.number = block.number
    const json: Json = {blockID: block.blockID, block_header: {raw_data: rawData, witness_signature: '00'.repeat(65)}}
    if (block.txs.length > 0) json.transactions = block.txs
    return json
  }

  private refuse(code: string, txid: string, message: string): Json {
    return {code, txid, message: hexText(message)}
  }

  private broadcast(tx: Json): Json {
    // java-tron re-encodes raw_data itself: the txID it checks is its own, not the one sent.
    let txID: string
    try {
      txID = utils.transaction.txPbToTxID(utils.transaction.txJsonToPb(tx)).replace(/^0x/, '')
    } catch {
      return this.refuse('OTHER_ERROR', '', 'class java.lang.IllegalArgumentException : invalid transaction')
    }
    if (this.pending.has(txID) || this.infos.has(txID)) return this.refuse('DUP_TRANSACTION_ERROR', txID, 'Dup transaction.')
    const value = tx.raw_data.contract[0].parameter.value
    const signature = Array.isArray(tx.signature) ? (tx.signature[0] as string) : ''
    let signer = ''
    try {
      signer = utils.crypto.ecRecover(txID, signature).toLowerCase()
    } catch {
      // an unparsable signature recovers no one
    }
    if (signer !== String(value.owner_address).toLowerCase()) {
      return this.refuse(
        'SIGERROR',
        txID,
        `Validate signature error: ${signature} is signed by ${signer} but it is not contained of permission.`,
      )
    }
    if (tx.raw_data.expiration <= this.head.timestamp)
      return this.refuse('TRANSACTION_EXPIRATION_ERROR', txID, 'Transaction expired')
    const ref = this.blocks.find(
      (b) =>
        (b.number & 0xffff).toString(16).padStart(4, '0') === tx.raw_data.ref_block_bytes &&
        b.blockID.slice(16, 32) === tx.raw_data.ref_block_hash,
    )
    if (!ref) return this.refuse('TAPOS_ERROR', txID, `Tapos check error`)
    const type = tx.raw_data.contract[0].type
    if (type === 'TransferContract' && (this.trx.get(value.owner_address) ?? 0n) < BigInt(value.amount)) {
      return this.refuse(
        'CONTRACT_VALIDATE_ERROR',
        txID,
        'Contract validate error : Validate TransferContract error, balance is not sufficient.',
      )
    }
    if (
      type === 'TriggerSmartContract' &&
      !this.trc20.has(value.contract_address) &&
      !this.forwarders.has(value.contract_address)
    ) {
      return this.refuse('CONTRACT_VALIDATE_ERROR', txID, 'Contract validate error : No contract or not a smart contract')
    }
    this.pending.set(txID, {...tx, txID})
    return {result: true, txid: txID}
  }

  private route(path: string, body: Json): Json | null {
    switch (path) {
      case '/wallet/getnowblock':
      case '/walletsolidity/getnowblock':
        return this.blockJson(this.head)
      case '/wallet/getblockbynum':
      case '/walletsolidity/getblockbynum': {
        const block = this.blocks[Number(body.num)]
        return block ? this.blockJson(block) : {}
      }
      case '/wallet/gettransactioninfobyblocknum':
        return this.blocks[Number(body.num)]?.infos ?? []
      case '/wallet/gettransactioninfobyid':
        return this.infos.get(body.value) ?? {}
      case '/walletsolidity/gettransactioninfobyid': {
        const info = this.infos.get(body.value)
        return info && info.blockNumber <= this.head.number - 18 ? info : {}
      }
      case '/wallet/gettransactionfrompending':
        return this.pending.get(body.value) ?? {}
      case '/wallet/getaccount': {
        const balance = this.trx.get(String(body.address).toLowerCase())
        if (balance === undefined) return {}
        return balance > 0n
          ? {address: body.address, balance: Number(balance), create_time: this.blocks[0]!.timestamp}
          : {address: body.address}
      }
      case '/wallet/getchainparameters':
        return {
          chainParameter: [
            {key: 'getTransactionFee', value: TRON_BANDWIDTH_PRICE},
            {key: 'getEnergyFee', value: TRON_ENERGY_PRICE},
            {key: 'getCreateAccountFee', value: 100_000},
          ],
        }
      case '/wallet/createtransaction': {
        const owner = String(body.owner_address).toLowerCase()
        if ((this.trx.get(owner) ?? 0n) < BigInt(body.amount)) {
          return {
            Error:
              'class org.tron.core.exception.ContractValidateException : Validate TransferContract error, balance is not sufficient.',
          }
        }
        return this.build('TransferContract', {
          amount: body.amount,
          owner_address: owner,
          to_address: String(body.to_address).toLowerCase(),
        })
      }
      case '/wallet/triggersmartcontract':
      case '/wallet/triggerconstantcontract': {
        const contract = String(body.contract_address).toLowerCase()
        if (path === '/wallet/triggersmartcontract' && this.forwarders.has(contract)) {
          const data = id(body.function_selector).slice(2, 10) + (body.parameter ?? '')
          const call = {
            data,
            owner_address: String(body.owner_address).toLowerCase(),
            contract_address: contract,
            call_value: body.call_value,
          }
          return {result: {result: true}, transaction: this.build('TriggerSmartContract', call, body.fee_limit)}
        }
        const token = this.trc20.get(contract)
        if (!token)
          return {result: {code: 'CONTRACT_VALIDATE_ERROR', message: hexText('No contract or not a valid smart contract')}}
        const data = id(body.function_selector).slice(2, 10) + (body.parameter ?? '')
        const value = {data, owner_address: String(body.owner_address).toLowerCase(), contract_address: contract}
        if (path === '/wallet/triggersmartcontract')
          return {result: {result: true}, transaction: this.build('TriggerSmartContract', value, body.fee_limit)}
        if (body.function_selector === 'decimals()') {
          return {
            result: {result: true},
            energy_used: 222,
            constant_result: [token.decimals.toString(16).padStart(64, '0')],
            transaction: this.build('TriggerSmartContract', value, undefined, true),
          }
        }
        if (body.function_selector !== 'balanceOf(address)')
          return {result: {code: 'OTHER_ERROR', message: hexText('only balanceOf and decimals are modelled')}}
        const holder = '41' + String(body.parameter).slice(24)
        const balance = token.balances.get(holder) ?? 0n
        return {
          result: {result: true},
          energy_used: 935,
          constant_result: [balance.toString(16).padStart(64, '0')],
          transaction: this.build('TriggerSmartContract', value, undefined, true),
        }
      }
      case '/wallet/broadcasttransaction':
        return this.broadcast(body)
      default:
        return null
    }
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    this.apiKeys.push(String(req.headers['tron-pro-api-key'] ?? ''))
    let body: Json = {}
    try {
      const text = Buffer.concat(chunks).toString('utf8')
      body = text ? (JSON.parse(text) as Json) : {}
    } catch {
      res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify({Error: 'INVALID JSON'}))
      return
    }
    const answer = this.route(new URL(req.url ?? '/', 'http://x').pathname, body)
    if (answer === null) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify(answer))
  }
}

export async function startTronServer(options: {genesis?: string} = {}): Promise<TronTestServer> {
  return new TronTestServer(options).start()
}
