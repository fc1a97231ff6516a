/** Who may trade P2P, and the node's P2P fee settings as the order service takes them. */
import type {Account} from '../accounts/accounts.js'
import {ExchangeError, invalid} from '../ground/errors.js'
import {parseDecimal} from '../ground/money.js'

/** Restricted and blocked accounts cannot trade P2P. */
export function refuseInactive(account: Account): void {
  if (account.status === 'blocked') throw new ExchangeError('account_blocked', 'the account is blocked')
  if (account.status === 'restricted') throw new ExchangeError('account_restricted', 'the account is restricted: no P2P trading')
}

/** The configured taker fee rates (asset → decimal string in [0, 1)) as exact decimals; a bad one stops the start. */
export function takerFeeRates(fees: Record<string, string>): Record<string, {units: bigint; scale: number}> {
  const rates: Record<string, {units: bigint; scale: number}> = {}
  for (const [asset, rate] of Object.entries(fees)) {
    const parsed = parseDecimal(rate, `p2p taker fee of ${asset}`)
    if (parsed.units < 0n || parsed.units >= 10n ** BigInt(parsed.scale))
      throw invalid(`p2p taker fee of ${asset} must be in [0, 1)`)
    rates[asset.toUpperCase()] = parsed
  }
  return rates
}
