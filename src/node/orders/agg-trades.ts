/**
 * Aggregated trades (Binance's aggTrades, docs/binance-compat.md "Public REST (/api/v3/...)"): the consecutive fills of one taker order at
 * one price, as one entry. A taker's fills are consecutive in the trade sequence and share one
 * execution time (one command, one batch), so a group never straddles a time bound, and its id is
 * the sequence of its first trade: stable, and a `fromId` names exactly one group.
 */

/** What a group is made of: a stored trade's fields (trade-history.ts `TradeRecord`). */
type TradeRecord = {
  seq: bigint
  price_ticks: bigint
  qty_lots: bigint
  taker_side: 'buy' | 'sell'
  taker_order_seq: bigint
  executed_ms: bigint
}

/** The trade history's row iterators (trade-history.ts, which serves `aggregated` through this). */
type TradeRows = {
  before(ticker: string, toMs: bigint): IterableIterator<TradeRecord>
  fromSeq(ticker: string, seq: bigint): IterableIterator<TradeRecord>
  fromTime(ticker: string, fromMs: bigint): IterableIterator<TradeRecord>
  bySeq(seq: bigint): (TradeRecord & {ticker: string}) | undefined
}

export type AggTrade = {
  /** The group's id: the sequence of its first trade. */
  id: number
  priceTicks: bigint
  qtyLots: bigint
  firstSeq: number
  lastSeq: number
  executedMs: number
  takerSide: 'buy' | 'sell'
}

export type AggQuery = {
  limit: number
  /** The first group: the one whose id is `fromId`, or the first one after it. */
  fromId?: number
  /** Groups executed at or after this (epoch ms). */
  startMs?: number
  /** Groups executed at or before this (epoch ms). */
  endMs?: number
}

const sameGroup = (a: TradeRecord, b: TradeRecord): boolean =>
  a.taker_order_seq === b.taker_order_seq && a.price_ticks === b.price_ticks

/**
 * The groups of a ticker, oldest first: from `fromId` or `startMs` on, the first `limit` (up to
 * `endMs`); with neither, the latest `limit` (up to `endMs`).
 */
export function aggregatedTrades(history: TradeRows, ticker: string, query: AggQuery): AggTrade[] {
  const end = query.endMs === undefined ? undefined : BigInt(query.endMs)
  if (query.fromId === undefined && query.startMs === undefined) {
    const groups = collect(history.before(ticker, end ?? BigInt(Number.MAX_SAFE_INTEGER)), query.limit, () => false)
    return groups.reverse()
  }
  let rows: IterableIterator<TradeRecord>
  let skip: TradeRecord | undefined
  if (query.fromId !== undefined) {
    // `fromId` inside a group: that group began before it, the answer starts with the next one.
    const previous = history.bySeq(BigInt(query.fromId) - 1n)
    if (previous && previous.ticker === ticker) skip = previous
    rows = history.fromSeq(ticker, BigInt(query.fromId))
  } else {
    rows = history.fromTime(ticker, BigInt(query.startMs!))
  }
  return collect(rows, query.limit, (row) => end !== undefined && row.executed_ms > end, skip)
}

/** Groups consecutive rows until `limit` whole groups or a row `past` the range; rows of `skip`'s group first are dropped. */
function collect(
  rows: IterableIterator<TradeRecord>,
  limit: number,
  past: (row: TradeRecord) => boolean,
  skip?: TradeRecord,
): AggTrade[] {
  const groups: AggTrade[] = []
  let current: {group: AggTrade; last: TradeRecord} | undefined
  try {
    for (const row of rows) {
      if (skip) {
        if (sameGroup(skip, row)) continue
        skip = undefined
      }
      if (past(row)) break
      if (current && sameGroup(current.last, row)) {
        const {group} = current
        group.qtyLots += row.qty_lots
        const seq = Number(row.seq)
        if (seq < group.firstSeq) group.firstSeq = group.id = seq
        if (seq > group.lastSeq) group.lastSeq = seq
        current.last = row
        continue
      }
      if (groups.length === limit) break
      const seq = Number(row.seq)
      const group: AggTrade = {
        id: seq,
        priceTicks: row.price_ticks,
        qtyLots: row.qty_lots,
        firstSeq: seq,
        lastSeq: seq,
        executedMs: Number(row.executed_ms),
        takerSide: row.taker_side,
      }
      groups.push(group)
      current = {group, last: row}
    }
  } finally {
    rows.return?.()
  }
  return groups
}
