/**
 * Read-only queries over the trades table for the public market data (market/): the latest
 * trades, and per-interval aggregates for klines and 24 h statistics.
 *
 * Every query is a range of the (ticker, executed_ms) index, whose entries are in (executed_ms, seq)
 * order, so "first" and "last" mean first and last by (executed_ms, seq) and nothing is sorted in
 * a temporary b-tree (no ORDER BY seq, no GROUP BY): cost grows with the trades in the range asked
 * for, never with the ticker's whole history. Integers are read as bigint (a sum of lots can
 * exceed 2^53).
 */
import type {Db} from '../store/database.js'

/** A public trade as stored: integer ticks and lots. */
export type TradeRecord = {id: string; price_ticks: bigint; qty_lots: bigint; taker_side: 'buy' | 'sell'; executed_at: string}

/** The trades of a time range: prices in ticks, volume in lots. */
export type Summary = {open: bigint; high: bigint; low: bigint; close: bigint; volume: bigint}

type Window = {ticker: string; from: bigint; to: bigint}

export class TradeHistory {
  private readonly statements

  constructor(db: Db) {
    this.statements = {
      recent: db
        .prepare<[string, bigint], TradeRecord>(
          `SELECT id, price_ticks, qty_lots, taker_side, executed_at FROM trades
           WHERE ticker = ? ORDER BY executed_ms DESC, seq DESC LIMIT ?`,
        )
        .safeIntegers(true),
      bounds: db
        .prepare<[Window], {first: bigint | null; last: bigint | null}>(
          `SELECT
             (SELECT executed_ms FROM trades WHERE ticker = @ticker AND executed_ms >= @from AND executed_ms < @to
              ORDER BY executed_ms LIMIT 1) AS first,
             (SELECT executed_ms FROM trades WHERE ticker = @ticker AND executed_ms >= @from AND executed_ms < @to
              ORDER BY executed_ms DESC LIMIT 1) AS last`,
        )
        .safeIntegers(true),
      summary: db
        .prepare<[Window], Summary & {count: bigint}>(
          `SELECT count(*) AS count, max(price_ticks) AS high, min(price_ticks) AS low, sum(qty_lots) AS volume,
             (SELECT price_ticks FROM trades WHERE ticker = @ticker AND executed_ms >= @from AND executed_ms < @to
              ORDER BY executed_ms, seq LIMIT 1) AS open,
             (SELECT price_ticks FROM trades WHERE ticker = @ticker AND executed_ms >= @from AND executed_ms < @to
              ORDER BY executed_ms DESC, seq DESC LIMIT 1) AS close
           FROM trades WHERE ticker = @ticker AND executed_ms >= @from AND executed_ms < @to`,
        )
        .safeIntegers(true),
      lastPrice: db
        .prepare<[string, bigint], {price_ticks: bigint}>(
          `SELECT price_ticks FROM trades WHERE ticker = ? AND executed_ms < ?
           ORDER BY executed_ms DESC, seq DESC LIMIT 1`,
        )
        .safeIntegers(true),
    }
  }

  /** The latest `limit` trades of a ticker, newest first. */
  recent(ticker: string, limit: number): TradeRecord[] {
    return this.statements.recent.all(ticker, BigInt(limit))
  }

  /** executed_ms of the first and the last trade in [fromMs, toMs), or undefined when there is none. */
  bounds(ticker: string, fromMs: bigint, toMs: bigint): {first: bigint; last: bigint} | undefined {
    const row = this.statements.bounds.get({ticker, from: fromMs, to: toMs})
    return row?.first == null || row.last == null ? undefined : {first: row.first, last: row.last}
  }

  /** Open, high, low, close and volume of the trades in [fromMs, toMs), or undefined when there is none. */
  summary(ticker: string, fromMs: bigint, toMs: bigint): Summary | undefined {
    const row = this.statements.summary.get({ticker, from: fromMs, to: toMs})
    if (!row || row.count === 0n) return undefined
    return {open: row.open, high: row.high, low: row.low, close: row.close, volume: row.volume}
  }

  /** The price (ticks) of the last trade before `beforeMs`, if any. */
  lastPrice(ticker: string, beforeMs: bigint): bigint | undefined {
    return this.statements.lastPrice.get(ticker, beforeMs)?.price_ticks
  }
}
