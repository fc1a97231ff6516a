/**
 * The arithmetic of one ticker: decimal prices and quantities to integer ticks and lots and back,
 * and exact notionals. A price is a whole number of ticks (tick_size in quote minor units), a
 * quantity a whole number of lots (lot_size in base minor units). The quote amount of a fill is
 * price x qty in quote minor units, rounded down to a whole minor unit (both sides of the trade
 * move the same integer, so the ledger stays exact); see docs/trading.md.
 */
import type {Asset} from '../assets/assets.js'
import {formatAmount, isDecimalString, parseAmount} from '../ground/money.js'
import type {Ticker} from '../tickers/tickers.js'
import {refuseOrder, type OrderRefusalReason} from './refusals.js'

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
  /** Prices and quantities as formatted (`formatPrice`, `formatQty`): a book's orders repeat a few of them. */
  private readonly prices = new FormatCache()
  private readonly quantities = new FormatCache()

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

  /**
   * A decimal price string to ticks; 400 when it is not on the tick. A malformed string is a plain
   * `invalid_argument`; a well-formed price off the grid (not positive, finer than the quote asset,
   * not on the tick, too large) is also an OrderRefusal `price_tick`.
   */
  toTicks(price: unknown): number {
    const units = onGrid(price, this.quoteDecimals, 'price', 'price_tick')
    if (units <= 0n) throw refuseOrder('price_tick', 'price must be greater than zero')
    if (units % this.tick !== 0n)
      throw refuseOrder('price_tick', `price must be a multiple of the tick size ${this.formatPrice(1)}`)
    return toSafe(units / this.tick, 'price', 'price_tick')
  }

  /** A decimal quantity string to lots; 400 when it is not on the lot (an OrderRefusal `qty_lot` when well formed). */
  toLots(qty: unknown): number {
    const units = onGrid(qty, this.baseDecimals, 'qty', 'qty_lot')
    if (units <= 0n) throw refuseOrder('qty_lot', 'qty must be greater than zero')
    if (units % this.lot !== 0n) throw refuseOrder('qty_lot', `qty must be a multiple of the lot size ${this.formatQty(1)}`)
    return toSafe(units / this.lot, 'qty', 'qty_lot')
  }

  /**
   * The most lots a buy at `ticks` can take for at most `budget` quote minor units, each fill's quote
   * rounded down as settlement rounds it (`quoteUnits`): the largest k with quoteUnits(ticks, k) <= budget.
   */
  lotsWithin(ticks: number, budget: bigint): bigint {
    if (budget < 0n) return 0n
    return ((budget + 1n) * this.baseScale - 1n) / (BigInt(ticks) * this.tick * this.lot)
  }

  formatPrice(ticks: number): string {
    return this.prices.get(ticks) ?? this.prices.set(ticks, formatAmount(BigInt(ticks) * this.tick, this.quoteDecimals))
  }

  formatQty(lots: number): string {
    return this.quantities.get(lots) ?? this.quantities.set(lots, formatAmount(BigInt(lots) * this.lot, this.baseDecimals))
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

function toSafe(value: bigint, field: string, reason: OrderRefusalReason): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw refuseOrder(reason, `${field} is too large`)
  return Number(value)
}

/**
 * Minor units of a decimal string: a malformed one is refused by the parser as it is; a well-formed one
 * it refuses (finer than the asset, too large) is off the ticker's grid, the refusal `reason`.
 */
function onGrid(value: unknown, decimals: number, field: string, reason: OrderRefusalReason): bigint {
  if (!isDecimalString(value)) return parseAmount(value, decimals, field)
  try {
    return parseAmount(value, decimals, field)
  } catch (error) {
    throw refuseOrder(reason, (error as Error).message)
  }
}

/** A fee rate ("0.001") applied to an amount received: rounded down to a whole minor unit. */
export function feeOf(amount: bigint, rate: string): bigint {
  const [whole = '0', fraction = ''] = rate.split('.')
  const scale = 10n ** BigInt(fraction.length)
  return (amount * BigInt(whole + fraction)) / scale
}

/**
 * The decimal strings of the tick or lot counts formatted lately: every order's change is made into
 * an `Order` with its price and quantities (a sequencer does it for each change's event), and the
 * counts of a market repeat. Bounded: emptied when full.
 */
class FormatCache {
  private readonly texts = new Map<number, string>()

  get(count: number): string | undefined {
    return this.texts.get(count)
  }

  set(count: number, text: string): string {
    if (this.texts.size >= FORMAT_CACHE_SIZE) this.texts.clear()
    this.texts.set(count, text)
    return text
  }
}

const FORMAT_CACHE_SIZE = 4096
