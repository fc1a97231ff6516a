/**
 * Prices and fiat amounts of P2P deals. Fiat amounts and prices (fiat per one whole unit of the
 * asset) are bigint minor units with FIAT_DECIMALS places; crypto amounts are the asset's minor
 * units. decimal.js is used only for the floating price's rate arithmetic, rounded once, half up.
 */
import {Decimal} from 'decimal.js'
import {invalid} from '../ground/errors.js'
import {formatAmount, parseAmount, parsePositiveAmount} from '../ground/money.js'

export const FIAT_DECIMALS = 2

const FIAT = /^[A-Z]{3}$/

export function requireFiat(value: unknown): string {
  if (typeof value !== 'string' || !FIAT.test(value)) throw invalid('fiat must be a three-letter currency code such as "USD"')
  return value
}

export const parseFiat = (value: unknown, field: string): bigint => parseAmount(value, FIAT_DECIMALS, field)
export const formatFiat = (units: bigint): string => formatAmount(units, FIAT_DECIMALS)

/** Premium of a floating price: a decimal string between -20 and 20 (percent). */
export function parsePremium(value: unknown): string {
  if (typeof value !== 'string' || !/^-?(0|[1-9]\d*)(\.\d{1,2})?$/.test(value)) {
    throw invalid('premium_pct must be a decimal string such as "1.5" or "-2"')
  }
  const premium = new Decimal(value)
  if (premium.abs().greaterThan(20)) throw invalid('premium_pct must be between -20 and 20')
  return premium.toString()
}

/** reference × (1 + premium/100), in fiat minor units, rounded half up. */
export function floatingPrice(reference: bigint, premiumPct: string): bigint {
  const price = new Decimal(reference.toString()).times(new Decimal(100).plus(premiumPct)).dividedBy(100)
  return BigInt(price.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0))
}

/** The fiat value of `amount` at `price`, rounded half up to the fiat's minor unit. */
export function fiatValue(amount: bigint, decimals: number, price: bigint): bigint {
  const scale = 10n ** BigInt(decimals)
  return (amount * price * 2n + scale) / (2n * scale)
}

/** The crypto amount a fiat amount buys at `price`, rounded down to the asset's minor unit. */
export function amountForFiat(fiat: bigint, decimals: number, price: bigint): bigint {
  return (fiat * 10n ** BigInt(decimals)) / price
}

/**
 * A deal's crypto amount and its fiat value at `price`, from a crypto `amount` or a `fiatAmount`
 * (one of them), within the advertisement's limits (fiat) and what it has left (crypto).
 */
export function dealAmounts(
  input: {amount?: unknown; fiatAmount?: unknown},
  decimals: number,
  price: bigint,
  ad: {minAmount: bigint; maxAmount: bigint; remainingAmount: bigint},
): {amount: bigint; fiatAmount: bigint} {
  let amount: bigint
  if (input.amount !== undefined) {
    if (input.fiatAmount !== undefined) throw invalid('send amount or fiat_amount, not both')
    amount = parsePositiveAmount(input.amount, decimals)
  } else {
    amount = amountForFiat(parseFiat(input.fiatAmount, 'fiat_amount'), decimals, price)
    if (amount <= 0n) throw invalid('fiat_amount buys nothing at this price')
  }
  const fiatAmount = fiatValue(amount, decimals, price)
  if (fiatAmount < ad.minAmount || fiatAmount > ad.maxAmount) {
    throw invalid('the order is outside the advertisement limits (min_amount..max_amount in fiat)')
  }
  if (amount > ad.remainingAmount) throw invalid('the amount is more than the advertisement has left')
  return {amount, fiatAmount}
}

/** The taker fee on `amount` at `rate` (an exact decimal; none without one), rounded down to the asset's minor unit. */
export function takerFee(rate: {units: bigint; scale: number} | undefined, amount: bigint): bigint {
  return rate === undefined ? 0n : (amount * rate.units) / 10n ** BigInt(rate.scale)
}
