/**
 * How the Bitcoin adapter spends (adapter.ts signs and broadcasts): unspent outputs as the coin
 * selector of @scure/btc-signer takes them, every input signalling BIP125 replaceability, a memo as
 * an OP_RETURN output, and the fee rate of a replacement.
 */
import {hex} from '@scure/base'
import {Script, Transaction, selectUTXO} from '@scure/btc-signer'
import {invalid} from '../../ground/errors.js'
import {pubECDSA} from '@scure/btc-signer/utils.js'
import {MAX_BTC_MEMO_BYTES, type OutgoingTransfer, type SignedTransaction} from '../adapter.js'
import {canonicalAddress, p2wpkhAddress, scriptToAddress, signerNetwork, type BitcoinNetworkParams} from './address.js'
import {parseTransaction} from './block.js'
import {btcToSatoshi} from './rpc.js'

/** One unspent output of an address, amount exact. */
export type Utxo = {txid: string; vout: number; amount: bigint; script: Uint8Array}

/** vsize of a typical withdrawal: one P2WPKH input, a P2WPKH payment and P2WPKH change (10.5 + 68 + 2 × 31, rounded up). */
export const TYPICAL_WITHDRAWAL_VSIZE = 141n

/** estimatesmartfee's `feerate` (BTC per 1000 vB, read as decimal text) → whole sat/vB, rounded up, at least 1. */
export function satPerVByte(feerate: unknown): bigint {
  const perVByte = (btcToSatoshi(feerate, 'feerate') + 999n) / 1000n
  return perVByte > 0n ? perVByte : 1n
}

/**
 * nSequence of every input the exchange signs: below 0xfffffffe, so each transaction signals BIP125
 * replaceability (a stuck one can be replaced at a higher fee), with BIP68's disable bit set (no
 * relative lock time). Bitcoin Core's MAX_BIP125_RBF_SEQUENCE.
 */
export const RBF_SEQUENCE = 0xfffffffd

/** A replacement pays at least this much more per vbyte than the transaction it replaces (+25 %, and ≥ 1 sat/vB). */
const BUMP_NUMERATOR = 5n
const BUMP_DENOMINATOR = 4n

/** An input as the coin selector takes it: an unspent output of ours, signalling RBF. */
const toInput = (u: Utxo) => ({
  txid: u.txid,
  index: u.vout,
  witnessUtxo: {script: u.script, amount: u.amount},
  sequence: RBF_SEQUENCE,
})
/** An output's key, `txid:vout`. */
export const outpoint = (txid: string, vout: number): string => `${txid}:${vout}`

/** A withdrawal's memo as an OP_RETURN output of 0 satoshi (none without a memo). */
export function memoOutput(memo: string | undefined): {script: Uint8Array; amount: bigint}[] {
  if (memo === undefined || memo === '') return []
  const data = new TextEncoder().encode(memo)
  if (data.length > MAX_BTC_MEMO_BYTES) throw invalid(`a btc memo takes at most ${MAX_BTC_MEMO_BYTES} bytes (UTF-8)`)
  return [{script: Script.encode(['RETURN', data]), amount: 0n}]
}

/** A payment: to an address, or to a script (a replacement keeps the previous outputs as they are). */
type Payment = {address: string; amount: bigint} | {script: Uint8Array; amount: bigint}

/**
 * Coin selection and the unsigned transaction: `payments` funded from `utxos` (and all of
 * `required`, a replacement's inputs), the change to `changeAddress`; a sweep spends everything and
 * sends what is left after the fee to `changeAddress`. Undefined when the outputs cannot pay.
 */
export function selectSpend(
  utxos: Utxo[],
  payments: Payment[],
  options: {sweep?: boolean; required?: Utxo[]; feePerByte: bigint; changeAddress: string; params: BitcoinNetworkParams},
): Transaction | undefined {
  const selected = selectUTXO(utxos.map(toInput), payments, options.sweep ? 'all' : 'default', {
    ...(options.required ? {requiredInputs: options.required.map(toInput)} : {}),
    feePerByte: options.feePerByte,
    changeAddress: options.changeAddress,
    network: signerNetwork(options.params),
    bip69: true,
    createTx: true,
    allowUnknownOutputs: true,
  })
  return selected?.tx
}

/**
 * The fee rate (sat/vB) of a replacement of `previous`, whose `inputs` and `outputs` are given: the
 * current `estimate`, or 25 % above the previous rate (at least 1 sat/vB more), whichever is higher.
 */
export function replacementRate(
  previous: string,
  inputs: readonly Utxo[],
  outputs: readonly {amount: bigint}[],
  estimate: bigint,
): bigint {
  const paid = inputs.reduce((sum, u) => sum + u.amount, 0n) - outputs.reduce((sum, o) => sum + o.amount, 0n)
  const vsize = BigInt(Transaction.fromRaw(hex.decode(previous), {allowUnknownOutputs: true}).vsize)
  const oldRate = (paid + vsize - 1n) / vsize
  const bumped = (oldRate * BUMP_NUMERATOR + BUMP_DENOMINATOR - 1n) / BUMP_DENOMINATOR
  return [estimate, bumped, oldRate + 1n].reduce((a, b) => (a > b ? a : b))
}

/** The outputs to `address` of the exchange's own `unconfirmed` transactions (signed bytes), those not in `known`. */
export function outputsTo(
  address: string,
  unconfirmed: readonly string[],
  known: readonly Utxo[],
  params: BitcoinNetworkParams,
): Utxo[] {
  const seen = new Set(known.map((u) => outpoint(u.txid, u.vout)))
  const own: Utxo[] = []
  for (const raw of unconfirmed) {
    const tx = parseTransaction(raw)
    tx.outputs.forEach((output, vout) => {
      const key = outpoint(tx.txid, vout)
      if (seen.has(key) || scriptToAddress(output.script, params) !== address) return
      seen.add(key)
      own.push({txid: tx.txid, vout, amount: output.amount, script: output.script})
    })
  }
  return own
}

/** The sending address of a transfer, checked: a coin of this chain, sent by the key's own P2WPKH address. */
export function sendingAddress(transfer: OutgoingTransfer, params: BitcoinNetworkParams): string {
  if (transfer.contract !== null) throw invalid('bitcoin has no tokens')
  const from = requireAddress(transfer.from, 'from', params)
  if (p2wpkhAddress(pubECDSA(transfer.privateKey), params) !== from) {
    throw invalid('from is not the P2WPKH address of the private key')
  }
  return from
}

/** Signs a built transaction: it travels as a PSBT (BIP174), the same bytes an offline signer would take. */
export function signSpend(tx: Transaction, privateKey: Uint8Array): SignedTransaction {
  const psbt = Transaction.fromPSBT(tx.toPSBT(), {allowUnknownOutputs: true})
  psbt.sign(privateKey)
  psbt.finalize()
  return {txHash: psbt.id, raw: psbt.hex, fee: psbt.fee}
}

/** The address as the network spells it; `invalid_argument` naming `field` when it is none of the network's. */
export function requireAddress(address: string, field: string, params: BitcoinNetworkParams): string {
  const canonical = canonicalAddress(address, params)
  if (canonical === null) throw invalid(`${field} is not a valid address on this network`)
  return canonical
}
