/**
 * TRC-20 is ERC-20 on the TVM: same selectors, same `Transfer(address,address,uint256)` event. Only
 * the envelope differs: the HTTP API drops `0x`, a log names its contract by the 20 bytes without
 * the 0x41 prefix, and the API's `parameter` is the call data without its 4-byte selector.
 */
import {decodeTransferLog, encodeBalanceOf, encodeTransfer} from '../evm/erc20.js'
import type {TronLogJson} from './http.js'
import {tronFromEvm, tronToEvm} from './address.js'

export type Trc20Transfer = {contract: string; from: string; to: string; amount: bigint}

/** A TVM `Transfer` log as `T…` addresses and amount, or null for any other log. */
export function decodeTrc20TransferLog(log: TronLogJson): Trc20Transfer | null {
  const decoded = decodeTransferLog(log.topics ?? [], log.data ?? '')
  if (!decoded) return null
  const contractHex = log.address.replace(/^0x/, '')
  const contract = tronFromEvm(contractHex.length === 42 ? contractHex.slice(2) : contractHex)
  return {contract, from: tronFromEvm(decoded.from), to: tronFromEvm(decoded.to), amount: decoded.amount}
}

export const TRANSFER_SELECTOR = 'transfer(address,uint256)'
export const BALANCE_OF_SELECTOR = 'balanceOf(address)'
export const DECIMALS_SELECTOR = 'decimals()'

/** The whole call data of `transfer(to, amount)`, selector first, hex without 0x. */
export function transferCallData(to: string, amount: bigint): string {
  return encodeTransfer(tronToEvm(to), amount).slice(2)
}

/** The `parameter` of `balanceOf(owner)` for triggerconstantcontract. */
export function balanceOfParameter(owner: string): string {
  return encodeBalanceOf(tronToEvm(owner)).slice(10)
}
