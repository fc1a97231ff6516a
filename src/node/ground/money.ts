/**
 * Exact money at the edges: decimal strings in, integer minor units (bigint) inside, decimal strings out.
 * No float ever touches an amount. An asset with `decimals` d stores 1 unit as 10^d minor units.
 */
import {invalid} from './errors.js'

const DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/
const SIGNED_DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/

/** Largest amount accepted on any interface, in whole units (keeps rows and sums in sane bounds). */
const MAX_WHOLE_DIGITS = 30

/**
 * Parses a non-negative plain decimal string into minor units of an asset with `decimals` places.
 * Refuses exponents, signs, leading zeros, more fraction digits than the asset has, and non-strings.
 */
export function parseAmount(value: unknown, decimals: number, field = 'amount'): bigint {
  if (typeof value !== 'string') throw invalid(`${field} must be a decimal string`)
  const match = DECIMAL.exec(value)
  if (!match) throw invalid(`${field} must be a plain decimal string such as "1.5", got ${JSON.stringify(value)}`)
  const whole = match[1]!
  if (whole.length > MAX_WHOLE_DIGITS) throw invalid(`${field} is too large`)
  const fraction = (match[2] ?? '.').slice(1).replace(/0+$/, '')
  if (fraction.length > decimals) throw invalid(`${field} has more than ${decimals} decimal places`)
  return BigInt(whole + fraction.padEnd(decimals, '0'))
}

/** Parses a strictly positive amount. */
export function parsePositiveAmount(value: unknown, decimals: number, field = 'amount'): bigint {
  const units = parseAmount(value, decimals, field)
  if (units <= 0n) throw invalid(`${field} must be greater than zero`)
  return units
}

/** Formats minor units as a plain decimal string with trailing zeros trimmed ("0.5", "100", "-2.25"). */
export function formatAmount(units: bigint, decimals: number): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** Parses a decimal string without a fixed scale, for rates such as fees: returns [units, scale]. */
export function parseDecimal(value: unknown, field: string): {units: bigint; scale: number} {
  if (typeof value !== 'string' || !SIGNED_DECIMAL.test(value)) {
    throw invalid(`${field} must be a plain decimal string such as "0.001"`)
  }
  const negative = value.startsWith('-')
  const [whole, fraction = ''] = (negative ? value.slice(1) : value).split('.')
  const units = BigInt(whole! + fraction)
  return {units: negative ? -units : units, scale: fraction.length}
}

/** Whether a plain decimal string is well formed (no exponent, no '+', no leading zeros). */
export const isDecimalString = (value: unknown): value is string => typeof value === 'string' && DECIMAL.test(value)
