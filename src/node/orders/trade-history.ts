/**
 * Read-only queries over the trades table for the public market data (market/, binance/): the
 * latest trades, aggregated trades, and per-interval aggregates for klines and 24 h statistics.
 *
 * Every time query is a range of the (ticker, executed_ms) index, whose entries are in (executed_ms,
 * seq) order, so "first" and "last" mean first and last by (executed_ms, seq) and nothing is sorted
 * in a temporary b-tree (no ORDER BY seq, no GROUP BY): cost grows with the trades in the range asked
 * for, never with the ticker's whole history; queries by trade sequence use the (ticker, seq) index.
 * Integers are read as bigint (a sum of lots can exceed 2^53).
 */
import {isGenericSqliteError} from '../store/sqlite-errors.js'
import type {Db} from '../store/database.js'
import {aggregatedTrades, type AggQuery, type AggTrade} from './agg-trades.js'

/** A public trade as stored: integer ticks and lots; `seq` is its int64 sequence (`id` of docs/binance-compat.md "Symbols, numbers, ids"). */
export type TradeRecord = {
  seq: bigint
  id: string
  price_ticks: bigint
  qty_lots: bigint
  taker_side: 'buy' | 'sell'
  taker_order_seq: bigint
  executed_at: string
  executed_ms: bigint
}

/**
 * The trades of a time range: prices in ticks, volumes in lots, notionals in ticks x lots (Σ price x
 * qty, what a quote volume is made of); `buy…` counts the trades whose taker bought.
 */
export type Summary = {
  open: bigint
  high: bigint
  low: bigint
  close: bigint
  volume: bigint
  notional: bigint
  buyVolume: bigint
  buyNotional: bigint
  count: number
  firstSeq: number
  lastSeq: number
}

type Window = {ticker: string; from: bigint; to: bigint}

type SummaryRow = {
  count: bigint
  high: bigint
  low: bigint
  volume: bigint
  notional: bigint | number
  buy_volume: bigint
  buy_notional: bigint | number
  first_seq: bigint
  last_seq: bigint
  open: bigint
  close: bigint
}

const COLUMNS = 'seq, id, price_ticks, qty_lots, taker_side, taker_order_seq, executed_at, executed_ms'
const RANGE = 'ticker = @ticker AND executed_ms >= @from AND executed_ms < @to'

export class TradeHistory {
  private readonly statements

  constructor(db: Db) {
    const prepare = <P extends unknown[] | Record<string, unknown>, R>(sql: string) =>
      db.prepare<P extends unknown[] ? P : [P], R>(sql).safeIntegers(true)
    this.statements = {
      recent: prepare<[string, bigint], TradeRecord>(
        `SELECT ${COLUMNS} FROM trades WHERE ticker = ? ORDER BY executed_ms DESC, seq DESC LIMIT ?`,
      ),
      fromSeq: prepare<[string, bigint], TradeRecord>(`SELECT ${COLUMNS} FROM trades WHERE ticker = ? AND seq >= ? ORDER BY seq`),
      before: prepare<[string, bigint], TradeRecord>(
        `SELECT ${COLUMNS} FROM trades WHERE ticker = ? AND executed_ms <= ? ORDER BY executed_ms DESC, seq DESC`,
      ),
      fromTime: prepare<[string, bigint], TradeRecord>(
        `SELECT ${COLUMNS} FROM trades WHERE ticker = ? AND executed_ms >= ? ORDER BY executed_ms, seq`,
      ),
      bySeq: prepare<[bigint], TradeRecord & {ticker: string}>(`SELECT ${COLUMNS}, ticker FROM trades WHERE seq = ?`),
      bounds: prepare<Window, {first: bigint | null; last: bigint | null}>(
        `SELECT
           (SELECT executed_ms FROM trades WHERE ${RANGE} ORDER BY executed_ms LIMIT 1) AS first,
           (SELECT executed_ms FROM trades WHERE ${RANGE} ORDER BY executed_ms DESC LIMIT 1) AS last`,
      ),
      summary: prepare<Window, SummaryRow>(
        `SELECT count(*) AS count, max(price_ticks) AS high, min(price_ticks) AS low, sum(qty_lots) AS volume,
           sum(price_ticks * qty_lots) AS notional,
           sum(CASE WHEN taker_side = 'buy' THEN qty_lots ELSE 0 END) AS buy_volume,
           sum(CASE WHEN taker_side = 'buy' THEN price_ticks * qty_lots ELSE 0 END) AS buy_notional,
           min(seq) AS first_seq, max(seq) AS last_seq,
           (SELECT price_ticks FROM trades WHERE ${RANGE} ORDER BY executed_ms, seq LIMIT 1) AS open,
           (SELECT price_ticks FROM trades WHERE ${RANGE} ORDER BY executed_ms DESC, seq DESC LIMIT 1) AS close
         FROM trades WHERE ${RANGE}`,
      ),
      // The exact notionals when a product or a sum does not fit SQLite's 64-bit integers.
      rows: prepare<Window, {seq: bigint; price_ticks: bigint; qty_lots: bigint; taker_side: string}>(
        `SELECT seq, price_ticks, qty_lots, taker_side FROM trades WHERE ${RANGE} ORDER BY executed_ms, seq`,
      ),
      last: prepare<[string, bigint], {price_ticks: bigint; qty_lots: bigint}>(
        `SELECT price_ticks, qty_lots FROM trades WHERE ticker = ? AND executed_ms < ?
         ORDER BY executed_ms DESC, seq DESC LIMIT 1`,
      ),
    }
  }

  /** The latest `limit` trades of a ticker, newest first. */
  recent(ticker: string, limit: number): TradeRecord[] {
    return this.statements.recent.all(ticker, BigInt(limit))
  }

  /** A ticker's trades from sequence `seq` on, oldest first (iterate only as far as needed). */
  fromSeq(ticker: string, seq: bigint): IterableIterator<TradeRecord> {
    return this.statements.fromSeq.iterate(ticker, seq)
  }

  /** A ticker's trades executed at `toMs` or earlier, newest first (iterate only as far as needed). */
  before(ticker: string, toMs: bigint): IterableIterator<TradeRecord> {
    return this.statements.before.iterate(ticker, toMs)
  }

  /** A ticker's trades executed at `fromMs` or later, oldest first (iterate only as far as needed). */
  fromTime(ticker: string, fromMs: bigint): IterableIterator<TradeRecord> {
    return this.statements.fromTime.iterate(ticker, fromMs)
  }

  /** Aggregated trades (agg-trades.ts): one call, so that a cluster edge asks the sequencer once. */
  aggregated(ticker: string, query: AggQuery): AggTrade[] {
    return aggregatedTrades(this, ticker, query)
  }

  /** One trade by its sequence, with its ticker. */
  bySeq(seq: bigint): (TradeRecord & {ticker: string}) | undefined {
    return this.statements.bySeq.get(seq)
  }

  /** executed_ms of the first and the last trade in [fromMs, toMs), or undefined when there is none. */
  bounds(ticker: string, fromMs: bigint, toMs: bigint): {first: bigint; last: bigint} | undefined {
    const row = this.statements.bounds.get({ticker, from: fromMs, to: toMs})
    return row?.first == null || row.last == null ? undefined : {first: row.first, last: row.last}
  }

  /** The aggregates of the trades in [fromMs, toMs), or undefined when there is none. */
  summary(ticker: string, fromMs: bigint, toMs: bigint): Summary | undefined {
    const window = {ticker, from: fromMs, to: toMs}
    let row: SummaryRow | undefined
    try {
      row = this.statements.summary.get(window)
    } catch (error) {
      // A sum of integers past 64 bits fails instead of rounding: then everything is added up here.
      // SQLite gives that overflow only the generic SQLITE_ERROR, which an error of the SQL itself
      // would carry too — but that shows when the statement is prepared, in the constructor. Any other
      // cause with this code costs only the exact sum, from another statement over the same rows: the
      // answer is right either way, or that statement fails in its turn and its error is thrown.
      if (isGenericSqliteError(error)) return this.exactSummary(window)
      throw error
    }
    if (!row || row.count === 0n) return undefined
    // A product past 64 bits turns SQLite's sum into a float: never used, the window is added up here.
    if (typeof row.notional !== 'bigint' || typeof row.buy_notional !== 'bigint') return this.exactSummary(window)
    return {
      open: row.open,
      high: row.high,
      low: row.low,
      close: row.close,
      volume: row.volume,
      notional: row.notional,
      buyVolume: row.buy_volume,
      buyNotional: row.buy_notional,
      count: Number(row.count),
      firstSeq: Number(row.first_seq),
      lastSeq: Number(row.last_seq),
    }
  }

  /** The price (ticks) and quantity (lots) of the last trade before `beforeMs`, if any. */
  lastTrade(ticker: string, beforeMs: bigint): {price: bigint; qty: bigint} | undefined {
    const row = this.statements.last.get(ticker, beforeMs)
    return row && {price: row.price_ticks, qty: row.qty_lots}
  }

  /** The price (ticks) of the last trade before `beforeMs`, if any. */
  lastPrice(ticker: string, beforeMs: bigint): bigint | undefined {
    return this.lastTrade(ticker, beforeMs)?.price
  }

  /** The rolling 24 h window before `nowMs` and the last trade before it, ever (24 h tickers). */
  day(ticker: string, nowMs: number): {window: Summary | undefined; last: {price: bigint; qty: bigint} | undefined} {
    const now = BigInt(nowMs)
    return {window: this.summary(ticker, now - BigInt(DAY_MS), now), last: this.lastTrade(ticker, now)}
  }

  /** `summary` in bigint arithmetic over every trade of the window. */
  private exactSummary(window: Window): Summary | undefined {
    let summary: Summary | undefined
    for (const trade of this.statements.rows.iterate(window)) {
      const price = trade.price_ticks
      const qty = trade.qty_lots
      const seq = Number(trade.seq)
      const buy = trade.taker_side === 'buy'
      summary ??= {
        open: price,
        high: price,
        low: price,
        close: price,
        volume: 0n,
        notional: 0n,
        buyVolume: 0n,
        buyNotional: 0n,
        count: 0,
        firstSeq: seq,
        lastSeq: seq,
      }
      if (price > summary.high) summary.high = price
      if (price < summary.low) summary.low = price
      summary.close = price
      summary.volume += qty
      summary.notional += price * qty
      if (buy) {
        summary.buyVolume += qty
        summary.buyNotional += price * qty
      }
      summary.count++
      if (seq < summary.firstSeq) summary.firstSeq = seq
      if (seq > summary.lastSeq) summary.lastSeq = seq
    }
    return summary
  }
}

export const DAY_MS = 86_400_000
