/**
 * Money in the page stays a decimal string, as on the wire: checked and multiplied with decimal.js,
 * never with `Number`. What a person typed is sent exactly as typed; these only check it and format
 * what the page shows.
 */
import Decimal from 'decimal.js'

/** A plain non-negative decimal as the API reads one: digits, one optional point, no sign, no exponent. */
const PLAIN = /^(0|[1-9]\d*)(\.\d+)?$/

export const isDecimal = (text: string): boolean => PLAIN.test(text)

/** Whether `value` is a whole number of `step`s (a price on the tick, a quantity on the lot). */
export function onStep(value: string, step: string): boolean {
  return new Decimal(value).mod(new Decimal(step)).isZero()
}

export const isPositive = (value: string): boolean => new Decimal(value).gt(0)

/** `a × b`, exact, in plain notation with trailing zeros trimmed. */
export function times(a: string, b: string): string {
  return plain(new Decimal(a).times(new Decimal(b)))
}

export const compare = (a: string, b: string): number => new Decimal(a).comparedTo(new Decimal(b))

export const plus = (a: string, b: string): string => plain(new Decimal(a).plus(new Decimal(b)))

export const minus = (a: string, b: string): string => plain(new Decimal(a).minus(new Decimal(b)))

/** `a / b` rounded down to `decimals` places (a quantity a balance can pay for, say). */
export function divideDown(a: string, b: string, decimals: number): string {
  return plain(new Decimal(a).dividedBy(new Decimal(b)).toDecimalPlaces(decimals, Decimal.ROUND_DOWN))
}

/** The number of decimals of a step (`"0.001"` → 3). */
export const decimalsOf = (step: string): number => new Decimal(step).decimalPlaces()

function plain(value: Decimal): string {
  return value.toFixed()
}

/**
 * A decimal for reading: thousands grouped, at least `minDecimals` places (padded), never rounded —
 * a person sees every digit the exchange holds.
 */
export function readable(value: string, minDecimals = 0): string {
  const [whole = '0', fraction = ''] = value.split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const places = fraction.padEnd(minDecimals, '0')
  return places === '' ? grouped : `${grouped}.${places}`
}
