/**
 * The arithmetic of one ticker: decimal prices and quantities to integer ticks and lots and back,
 * and exact notionals. A price is a whole number of ticks (tick_size in quote minor units), a
 * quantity a whole number of lots (lot_size in base minor units). The quote amount of a fill is
 * price x qty in quote minor units, rounded down to a whole minor unit (both sides of the trade
 * move the same integer, so the ledger stays exact); see docs/trading.md.
 */
import type {Asset} from '../assets/assets.js'
import {invalid} from '../errors.js'
import {formatAmount, parseAmount} from '../money.js'
import type {Ticker} from '../tickers/tickers.js'

export class TickerSpec {
  readonly symbol: string
  readonly base: string
  readonly quote: string
  readonly baseDecimals: number
  readonly quoteDecimals: number
  /** tick_size in quote minor units. */
  readonly tick: bigint
  /** lot_size in base minor units. */
  readonly lot: bigint
  /** min_notional in quote minor units. */
  readonly minNotional: bigint
  private readonly baseScale: bigint

  constructor(ticker: Ticker, base: Asset, quote: Asset) {
    this.symbol = ticker.symbol
    this.base = base.code
    this.quote = quote.code
    this.baseDecimals = base.decimals
    this.quoteDecimals = quote.decimals
    this.tick = parseAmount(ticker.tickSize, quote.decimals)
    this.lot = parseAmount(ticker.lotSize, base.decimals)
    this.minNotional = parseAmount(ticker.minNotional, quote.decimals)
    this.baseScale = 10n ** BigInt(base.decimals)
  }

  /** A decimal price string to ticks; 400 when it is not on the tick. */
  toTicks(price: unknown): number {
    const units = parseAmount(price, this.quoteDecimals, 'price')
    if (units <= 0n) throw invalid('price must be greater than zero')
    if (units % this.tick !== 0n) throw invalid(`price must be a multiple of the tick size ${this.formatPrice(1)}`)
    return toSafe(units / this.tick, 'price')
  }

  /** A decimal quantity string to lots; 400 when it is not on the lot. */
  toLots(qty: unknown): number {
    const units = parseAmount(qty, this.baseDecimals, 'qty')
    if (units <= 0n) throw invalid('qty must be greater than zero')
    if (units % this.lot !== 0n) throw invalid(`qty must be a multiple of the lot size ${this.formatQty(1)}`)
    return toSafe(units / this.lot, 'qty')
  }

  formatPrice(ticks: number): string {
    return formatAmount(BigInt(ticks) * this.tick, this.quoteDecimals)
  }

  formatQty(lots: number): string {
    return formatAmount(BigInt(lots) * this.lot, this.baseDecimals)
  }

  /**
   * The average price of fills summing to `notional` (Σ ticks x lots) over `lots`, rounded down to the
   * quote asset's decimals (it need not be on the tick).
   */
  formatAveragePrice(notional: bigint, lots: number): string {
    return formatAmount((notional * this.tick) / BigInt(lots), this.quoteDecimals)
  }

  /** Base minor units of `lots`. */
  baseUnits(lots: number): bigint {
    return BigInt(lots) * this.lot
  }

  /** Quote minor units of a fill of `lots` at `ticks`, rounded down. */
  quoteUnits(ticks: number, lots: number): bigint {
    return (BigInt(ticks) * this.tick * BigInt(lots) * this.lot) / this.baseScale
  }

  /** Quote minor units of Σ ticks x lots (a volume of several fills), rounded down once. */
  quoteOfNotional(notional: bigint): bigint {
    return (notional * this.tick * this.lot) / this.baseScale
  }

  formatBase(units: bigint): string {
    return formatAmount(units, this.baseDecimals)
  }

  formatQuote(units: bigint): string {
    return formatAmount(units, this.quoteDecimals)
  }
}

function toSafe(value: bigint, field: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw invalid(`${field} is too large`)
  return Number(value)
}

/** A fee rate ("0.001") applied to an amount received: rounded down to a whole minor unit. */
export function feeOf(amount: bigint, rate: string): bigint {
  const [whole = '0', fraction = ''] = rate.split('.')
  const scale = 10n ** BigInt(fraction.length)
  return (amount * BigInt(whole + fraction)) / scale
}
