/**
 * A TRON transaction is built by the node (createtransaction, triggersmartcontract) and signed
 * here. Before signing, the node's answer is checked against what was asked, so a compromised or
 * buggy node cannot have us sign a payment to someone else:
 *   1. the protobuf TronWeb encodes from OUR arguments (plus the node's TaPoS reference, expiration
 *      and timestamp) equals raw_data_hex, and its sha256 is the txID (TronWeb txCheckWithArgs);
 *   2. the JSON raw_data, which broadcasttransaction re-encodes, encodes to the same bytes (txCheck);
 *   3. sha256(raw_data_hex) = txID, computed here, since the txID is what gets signed.
 * The signature is secp256k1 over the txID, 65 bytes r‖s‖v (v = 27 + recovery id).
 */
import {sha256} from '@noble/hashes/sha2.js'
import {SigningKey, hexlify} from 'ethers'
import {utils as tronWebUtils} from 'tronweb'
import {ExchangeError} from '../../ground/errors.js'
import {tronToHex} from './address.js'
import {sunToJson, type TronTransactionJson} from './http.js'

/** What we asked the node to build; addresses in `T…` form. */
export type TronIntent =
  | {type: 'TransferContract'; owner: string; to: string; amount: bigint}
  | {type: 'TriggerSmartContract'; owner: string; contract: string; data: string; feeLimit: number}

/** Throws `internal` unless `tx` is exactly the transfer described by `intent`. */
export function verifyBuilt(tx: TronTransactionJson, intent: TronIntent, now = Date.now()): void {
  const refuse = (why: string) =>
    new ExchangeError('internal', `tron node built a transaction that is not the one asked for: ${why}`)
  const contracts = tx.raw_data?.contract ?? []
  if (contracts.length !== 1 || contracts[0]!.type !== intent.type) throw refuse(`expected one ${intent.type}`)
  if (typeof tx.raw_data_hex !== 'string' || !/^[0-9a-f]+$/i.test(tx.raw_data_hex)) throw refuse('no raw_data_hex')
  if (typeof tx.txID !== 'string' || !/^[0-9a-f]{64}$/i.test(tx.txID)) throw refuse('no txID')
  if (!(tx.raw_data.expiration > now)) throw refuse('already expired')

  const args =
    intent.type === 'TransferContract'
      ? {owner_address: tronToHex(intent.owner), to_address: tronToHex(intent.to), amount: sunToJson(intent.amount)}
      : {
          owner_address: tronToHex(intent.owner),
          contract_address: tronToHex(intent.contract),
          data: intent.data,
          call_value: 0,
          fee_limit: intent.feeLimit,
        }
  const options = intent.type === 'TriggerSmartContract' ? {fee_limit: intent.feeLimit} : {}
  if (!tronWebUtils.transaction.txCheckWithArgs(tx, args, options))
    throw refuse('raw_data_hex does not encode the requested transfer')
  if (!tronWebUtils.transaction.txCheck(tx)) throw refuse('raw_data and raw_data_hex disagree')
  if (txIdOf(tx.raw_data_hex) !== tx.txID.toLowerCase()) throw refuse('txID is not sha256(raw_data)')
}

/** sha256 of the raw_data bytes: the transaction id. */
export function txIdOf(rawDataHex: string): string {
  return Buffer.from(sha256(Buffer.from(rawDataHex, 'hex'))).toString('hex')
}

/** The 65-byte recoverable signature (hex r‖s‖v) of a txID. */
export function signTxId(txId: string, privateKey: Uint8Array): string {
  return new SigningKey(hexlify(privateKey)).sign('0x' + txId).serialized.slice(2)
}

/**
 * `tx` (checked by `verifyBuilt`, not signed yet) with a memo in `raw_data.data` (UTF-8 bytes, as
 * TronWeb's `addUpdateData` and java-tron's `extra_data` put it): raw_data_hex and txID are encoded
 * again here from the JSON, so what is signed is exactly what was checked plus the memo.
 */
export function withMemo(tx: TronTransactionJson, memo: string): TronTransactionJson {
  const data = Buffer.from(memo, 'utf8').toString('hex')
  const next = {...tx, raw_data: {...tx.raw_data, data}}
  const pb = tronWebUtils.transaction.txJsonToPb(next)
  const rawDataHex = tronWebUtils.transaction.txPbToRawDataHex(pb).toLowerCase()
  return {...next, raw_data_hex: rawDataHex, txID: txIdOf(rawDataHex)}
}
