/**
 * What the wallet checks of an amount before sending it (the node checks it again): a plain decimal,
 * above zero, with no more decimals than the asset has, within what the balance holds — and for a
 * withdrawal, at least the network's minimum, with the fee on top. decimal.js underneath
 * (lib/decimal.ts); the amount is sent exactly as typed.
 */
import {compare, decimalsOf, isDecimal, isPositive, minus, plus} from '../../lib/decimal'
import type {AssetNetwork} from '../../api/wallet'
import {chainName} from './chains'

/** Why `amount` cannot be sent as an amount of an asset with `decimals`, or null. */
export function amountProblem(amount: string, asset: string, decimals: number): string | null {
  if (amount === '') return 'Enter an amount.'
  if (!isDecimal(amount)) return 'Enter the amount as digits with an optional point, like 0.5.'
  if (!isPositive(amount)) return 'The amount must be more than zero.'
  if (decimalsOf(amount) > decimals) return `${asset} has at most ${decimals} decimals.`
  return null
}

/** Why a transfer of `amount` out of a balance with `available` cannot go, or null. */
export function transferProblem(amount: string, asset: string, decimals: number, available: string, from: string): string | null {
  const problem = amountProblem(amount, asset, decimals)
  if (problem) return problem
  if (compare(amount, available) > 0) return `The ${from} balance has ${available} ${asset} available.`
  return null
}

/** What leaves the funding balance for a withdrawal of `amount`: the amount and the network's fee. */
export const withdrawalTotal = (amount: string, network: AssetNetwork): string => plus(amount, network.withdraw_fee)

/** The most that can be withdrawn from `available` with the fee on top ("0" when not even the fee). */
export function withdrawableMax(available: string, network: AssetNetwork): string {
  return compare(available, network.withdraw_fee) > 0 ? minus(available, network.withdraw_fee) : '0'
}

/** Why a withdrawal of `amount` cannot go, or null. */
export function withdrawalProblem(
  amount: string,
  asset: string,
  decimals: number,
  available: string,
  network: AssetNetwork,
): string | null {
  const problem = amountProblem(amount, asset, decimals)
  if (problem) return problem
  if (compare(amount, network.min_withdraw) < 0) {
    return `The smallest withdrawal of ${asset} on ${chainName(network.network)} is ${network.min_withdraw} ${asset}.`
  }
  const total = withdrawalTotal(amount, network)
  if (compare(total, available) > 0) {
    return `Not enough ${asset} on your funding balance: ${available} available, this withdrawal takes ${total} with the fee of ${network.withdraw_fee}.`
  }
  return null
}
