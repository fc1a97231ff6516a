/**
 * The slice of the ERC-20 ABI the adapters need: `transfer(to, amount)` call data, `balanceOf`
 * and `decimals()` call data and their answers, and the `Transfer(address,address,uint256)` event. TRC-20 is the
 * same ABI on the TVM, so the TRON adapter decodes its logs with these functions too.
 */
import {Interface, getAddress, id} from 'ethers'
import {ExchangeError} from '../../ground/errors.js'

/** topic0 of `Transfer(address indexed from, address indexed to, uint256 value)`. */
export const TRANSFER_TOPIC = id('Transfer(address,address,uint256)')

const erc20 = new Interface([
  'function transfer(address to, uint256 amount) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
  'function decimals() view returns (uint8)',
])

/** Call data of `transfer(to, amount)`; `to` is a 20-byte `0x…` address. */
export function encodeTransfer(to: string, amount: bigint): string {
  return erc20.encodeFunctionData('transfer', [to, amount])
}

/** Call data of `balanceOf(owner)`. */
export function encodeBalanceOf(owner: string): string {
  return erc20.encodeFunctionData('balanceOf', [owner])
}

/** The uint256 a `balanceOf` call returned. */
export function decodeBalanceOf(result: string): bigint {
  return BigInt(erc20.decodeFunctionResult('balanceOf', result)[0] as bigint)
}

/** Call data of `decimals()`. */
export const DECIMALS_CALL = erc20.encodeFunctionData('decimals', [])

/**
 * The number a `decimals()` call returned (hex, with or without `0x`): the first 32-byte word read
 * whole, so a contract answering more than a uint8 is seen for what it says, not masked. An empty
 * answer (no code at the address, or a contract without the function) is refused.
 */
export function decodeDecimals(result: string): number {
  const word = strip(result)
  if (!/^[0-9a-fA-F]{64}/.test(word)) {
    throw new ExchangeError('failed_precondition', word === '' ? 'decimals() returned nothing' : 'decimals() returned no number')
  }
  const value = BigInt('0x' + word.slice(0, 64))
  return value > 255n ? 256 : Number(value)
}

/** A decoded `Transfer` event; addresses are checksummed 20-byte `0x…` forms. */
export type TransferLog = {from: string; to: string; amount: bigint}

const WORD = /^(0x)?[0-9a-fA-F]{64}$/
const ADDRESS_WORD = /^(0x)?0{24}[0-9a-fA-F]{40}$/

/**
 * Decodes a `Transfer(address,address,uint256)` log given its topics and data, as hex with or
 * without `0x` (EVM nodes prefix, TRON nodes do not). Null for any other event, including the
 * ERC-721 `Transfer` whose token id is a fourth topic, or for malformed words.
 */
export function decodeTransferLog(topics: readonly string[], data: string): TransferLog | null {
  if (topics.length !== 3) return null
  const [topic0, from, to] = topics as [string, string, string]
  if (strip(topic0).toLowerCase() !== strip(TRANSFER_TOPIC)) return null
  if (!ADDRESS_WORD.test(from) || !ADDRESS_WORD.test(to) || !WORD.test(data)) return null
  return {
    from: getAddress('0x' + strip(from).slice(24)),
    to: getAddress('0x' + strip(to).slice(24)),
    amount: BigInt('0x' + strip(data)),
  }
}

function strip(hex: string): string {
  return hex.replace(/^0x/, '')
}
