/**
 * Klines: OHLCV candles of a ticker in integer ticks and lots, for the market-data transports to
 * render (market/ as GET /exchange/klines/, binance/ as /api/v3/klines and the kline streams).
 *
 * - Candles are aligned to UTC interval boundaries (1d starts at 00:00 UTC, 4h at 00/04/08/... UTC)
 *   and always cover their whole interval.
 * - `fromMs` (inclusive) and `toMs` (exclusive) select candles by time: returned are the candles whose
 *   interval overlaps [from, to), i.e. open time in [from rounded down to the interval, to).
 *   `to` defaults to now (the current, still open candle is included); `from` to the first trade.
 * - Candles exist from the candle of the first trade in the selection to the candle of the last
 *   one; an interval without trades in between repeats the previous close (open = high = low =
 *   close, volume 0, no trades) — docs/market-data.md "GET /exchange/klines/".
 * - More than `limit` candles: with `from`, the earliest `limit` from `from`; without `from`, the
 *   latest `limit` before `to` (as Binance). Oldest first either way.
 */
import {invalid} from '../ground/errors.js'
import type {Summary, TradeHistory} from './trade-history.js'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** Interval name → length in ms. */
export const INTERVALS = {
  '1m': MINUTE,
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '1h': HOUR,
  '4h': 4 * HOUR,
  '1d': 24 * HOUR,
} as const

export type Interval = keyof typeof INTERVALS

/** One candle: its interval's open time (epoch ms) and the aggregates of its trades (all 0 but the prices when it has none). */
export type Candle = Summary & {openMs: number}

export type KlineQuery = {
  interval: Interval
  /** Epoch ms, inclusive; undefined = from the first trade. */
  fromMs?: number
  /** Epoch ms, exclusive; undefined = now. */
  toMs?: number
  limit: number
}

/** Whether `value` names an interval. */
export const isInterval = (value: string): value is Interval => Object.hasOwn(INTERVALS, value)

/** A candle whose interval ended this long ago can no longer change: trades are stamped with the time they execute. */
export const SETTLED_AFTER_MS = 60_000
/** Settled candles kept in memory; beyond this the oldest entries are dropped. */
const CACHE_ENTRIES = 100_000

/**
 * Reads candles. Each candle is one indexed range query; candles that are settled (ended more than
 * a minute ago) are cached, so a long 1d series costs its full scan once and then only the open
 * candle. The cache assumes trades are only ever written at the time they execute (what the
 * trading service does); a trade inserted into the past by hand is not seen by cached candles.
 */
export class Klines {
  private readonly settled = new Map<string, Summary | null>()

  constructor(private readonly history: TradeHistory) {}

  read(ticker: string, query: KlineQuery, nowMs: number): Candle[] {
    if (query.fromMs !== undefined && query.toMs !== undefined) {
      if (query.fromMs > query.toMs) throw invalid('from must not be after to')
      if (query.fromMs === query.toMs) return []
    }
    const width = BigInt(INTERVALS[query.interval])
    const floor = (ms: bigint): bigint => (ms >= 0n ? ms / width : -((-ms + width - 1n) / width))
    // Candle numbers (since the epoch) of the selection: [lo, hi).
    const lo = query.fromMs === undefined ? 0n : floor(BigInt(query.fromMs))
    const hi = query.toMs === undefined ? floor(BigInt(nowMs)) + 1n : floor(BigInt(query.toMs) - 1n) + 1n
    if (hi <= lo) return []
    const bounds = this.history.bounds(ticker, lo * width, hi * width)
    if (!bounds) return []
    const first = floor(bounds.first)
    const last = floor(bounds.last)
    const limit = BigInt(query.limit)
    const [start, end] =
      query.fromMs === undefined
        ? [last - limit + 1n > first ? last - limit + 1n : first, last]
        : [first, first + limit - 1n < last ? first + limit - 1n : last]

    const candles: Candle[] = []
    // A leading empty candle (only when the series was cut from the end) repeats the close before it.
    let close: bigint | undefined
    for (let bucket = start; bucket <= end; bucket++) {
      const openMs = bucket * width
      const trades = this.candle(ticker, openMs, width, BigInt(nowMs))
      if (trades) {
        close = trades.close
        candles.push({...trades, openMs: Number(openMs)})
        continue
      }
      close ??= this.history.lastPrice(ticker, openMs)
      if (close === undefined)
        throw new Error(`klines: no trade before the empty candle ${new Date(Number(openMs)).toISOString()}`)
      candles.push({...emptyCandle(close), openMs: Number(openMs)})
    }
    return candles
  }

  private candle(ticker: string, openMs: bigint, width: bigint, nowMs: bigint): Summary | undefined {
    if (openMs + width + BigInt(SETTLED_AFTER_MS) > nowMs) return this.history.summary(ticker, openMs, openMs + width)
    const key = `${ticker} ${width} ${openMs}`
    const cached = this.settled.get(key)
    if (cached !== undefined) return cached ?? undefined
    const summary = this.history.summary(ticker, openMs, openMs + width)
    if (this.settled.size >= CACHE_ENTRIES) {
      for (const old of [...this.settled.keys()].slice(0, CACHE_ENTRIES / 10)) this.settled.delete(old)
    }
    this.settled.set(key, summary ?? null)
    return summary
  }
}

/** An interval without trades: its prices repeat the close before it. */
const emptyCandle = (close: bigint): Summary => ({
  open: close,
  high: close,
  low: close,
  close,
  volume: 0n,
  notional: 0n,
  buyVolume: 0n,
  buyNotional: 0n,
  count: 0,
  firstSeq: -1,
  lastSeq: -1,
})
