/**
 * Tickers (trading pairs) `<BASE>-<QUOTE>` of two existing assets, with their tick size (price
 * step), lot size (quantity step) and minimum notional (price x qty, in the quote asset).
 */
import type {Db} from '../store/database.js'
import {readsCommitted} from '../store/database.js'
import type {Assets} from '../assets/assets.js'
import {alreadyExists, invalid, notFound} from '../ground/errors.js'
import {formatAmount, parseAmount} from '../ground/money.js'
import {isUniqueViolation} from '../store/sqlite-errors.js'
import {nowIso} from '../ground/time.js'
import {requireString} from '../ground/validate.js'

export type Ticker = {
  symbol: string
  baseAsset: string
  quoteAsset: string
  active: boolean
  tickSize: string
  lotSize: string
  minNotional: string
}

type TickerRow = {
  symbol: string
  base_asset: string
  quote_asset: string
  active: number
  tick_size: string
  lot_size: string
  min_notional: string
}

const SYMBOL = /^([A-Z0-9]{2,10})-([A-Z0-9]{2,10})$/

/** Default steps: at most 8 decimals, never finer than the asset itself. */
const DEFAULT_STEP_DECIMALS = 8

const toTicker = (row: TickerRow): Ticker => ({
  symbol: row.symbol,
  baseAsset: row.base_asset,
  quoteAsset: row.quote_asset,
  active: row.active === 1,
  tickSize: row.tick_size,
  lotSize: row.lot_size,
  minNotional: row.min_notional,
})

export type CreateTickerInput = {
  symbol: unknown
  baseAsset?: unknown
  quoteAsset?: unknown
  tickSize?: unknown
  lotSize?: unknown
  minNotional?: unknown
}

export class Tickers {
  /** Prepared once: every order and market-data request reads its ticker. */
  private readonly bySymbol
  /**
   * Tickers as committed, by symbol: every order reads its ticker, and this module alone writes the
   * table. Filled only by reads outside a transaction (a row read inside one might roll back), and
   * emptied by every write.
   */
  private readonly cache = new Map<string, Ticker>()
  /** `BASEQUOTE` → symbol of every ticker, as committed (filled and emptied as `cache`). */
  private pairs: Map<string, string> | undefined

  constructor(
    private readonly db: Db,
    private readonly assets: Assets,
  ) {
    this.bySymbol = db.prepare<[string], TickerRow>('SELECT * FROM tickers WHERE symbol = ?')
  }

  create(input: CreateTickerInput): void {
    const symbol = requireString(input.symbol, 'symbol', 21).toUpperCase()
    const match = SYMBOL.exec(symbol)
    if (!match) throw invalid('symbol must have the form <BASE>-<QUOTE>, such as BTC-USDT')
    const [, baseCode, quoteCode] = match as unknown as [string, string, string]
    for (const [given, expected, field] of [
      [input.baseAsset, baseCode, 'base_asset'],
      [input.quoteAsset, quoteCode, 'quote_asset'],
    ] as const) {
      if (given !== undefined && given !== '' && String(given).toUpperCase() !== expected) {
        throw invalid(`${field} must be ${expected} to match symbol ${symbol}`)
      }
    }
    if (baseCode === quoteCode) throw invalid('base and quote assets must differ')
    const base = this.assets.require(baseCode, 'base_asset')
    const quote = this.assets.require(quoteCode, 'quote_asset')
    const step = (value: unknown, field: string, decimals: number, fallbackDecimals: number, positive: boolean): string => {
      if (value === undefined || value === '') return formatAmount(1n, fallbackDecimals)
      const units = parseAmount(value, decimals, field)
      if (positive && units <= 0n) throw invalid(`${field} must be greater than zero`)
      return formatAmount(units, decimals)
    }
    const tickSize = step(input.tickSize, 'tick_size', quote.decimals, Math.min(quote.decimals, DEFAULT_STEP_DECIMALS), true)
    const lotSize = step(input.lotSize, 'lot_size', base.decimals, Math.min(base.decimals, DEFAULT_STEP_DECIMALS), true)
    const minNotional = step(input.minNotional, 'min_notional', quote.decimals, quote.decimals, false)
    // The Binance-form surface names a pair by its assets' codes run together (docs/binance-compat.md "Symbols, numbers, ids").
    const twin = this.byPair(baseCode + quoteCode)
    if (twin && twin.symbol !== symbol) {
      throw alreadyExists(
        `ticker ${symbol} would be ${baseCode + quoteCode} on the Binance-form API, as ${twin.symbol} already is`,
      )
    }
    try {
      this.db
        .prepare(
          `INSERT INTO tickers (symbol, base_asset, quote_asset, tick_size, lot_size, min_notional, active, created_at)
           VALUES (?, ?, ?, ?, ?, ?, 1, ?)`,
        )
        .run(symbol, base.code, quote.code, tickSize, lotSize, minNotional, nowIso())
      this.clearCaches()
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyExists(`ticker ${symbol} already exists`)
      throw error
    }
  }

  setActive(symbol: unknown, active: unknown): void {
    const ticker = this.require(symbol)
    if (typeof active !== 'boolean') throw invalid('active must be a boolean')
    this.db.prepare('UPDATE tickers SET active = ? WHERE symbol = ?').run(active ? 1 : 0, ticker.symbol)
    this.clearCaches()
  }

  list(includeInactive: boolean): Ticker[] {
    const rows = this.db.prepare<[], TickerRow>('SELECT * FROM tickers ORDER BY symbol').all()
    return rows.map(toTicker).filter((ticker) => includeInactive || ticker.active)
  }

  get(symbol: string): Ticker | undefined {
    const cached = this.cache.get(symbol)
    if (cached) return {...cached}
    const row = this.bySymbol.get(symbol)
    if (!row) return undefined
    const ticker = toTicker(row)
    if (readsCommitted(this.db)) this.cache.set(symbol, ticker)
    return {...ticker}
  }

  /**
   * The ticker whose base and quote codes run together are `pair` (`BTCUSDT` is BTC-USDT,
   * docs/binance-compat.md "Symbols, numbers, ids"; case-insensitive), active or not; undefined when there is none.
   */
  byPair(pair: string): Ticker | undefined {
    const symbol = (this.pairs ?? this.loadPairs()).get(pair.toUpperCase())
    return symbol === undefined ? undefined : this.get(symbol)
  }

  require(symbol: unknown): Ticker {
    const text = requireString(symbol, 'symbol', 21).toUpperCase()
    const ticker = this.get(text)
    if (!ticker) throw notFound(`ticker ${text} not found`)
    return ticker
  }

  private loadPairs(): Map<string, string> {
    const pairs = new Map<string, string>()
    for (const ticker of this.list(true)) pairs.set(ticker.baseAsset + ticker.quoteAsset, ticker.symbol)
    if (readsCommitted(this.db)) this.pairs = pairs
    return pairs
  }

  private clearCaches(): void {
    this.cache.clear()
    this.pairs = undefined
  }

  /** Creates BTC-USDT, ETH-USDT and TRX-USDT on a fresh store. */
  bootstrap(): void {
    if (this.db.prepare('SELECT 1 FROM tickers LIMIT 1').get()) return
    this.create({symbol: 'BTC-USDT', tickSize: '0.01', lotSize: '0.00001', minNotional: '1'})
    this.create({symbol: 'ETH-USDT', tickSize: '0.01', lotSize: '0.0001', minNotional: '1'})
    this.create({symbol: 'TRX-USDT', tickSize: '0.00001', lotSize: '1', minNotional: '1'})
  }
}
