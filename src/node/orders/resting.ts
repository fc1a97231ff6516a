/**
 * Reading a ticker's resting orders for a book rebuild. Reading rows through better-sqlite3 costs
 * about 2.5 µs per row whatever the index (docs/performance.md "bench:recovery"), so a store with a
 * million resting orders is read in seq ranges by worker threads, each with its own read-only
 * connection (WAL lets them read beside the node's connection), and handed back as typed arrays.
 * The main thread restores the ranges in seq order — time priority — as they arrive.
 */
import os from 'node:os'
import type Database from 'better-sqlite3'
import {startWorker} from '../ground/workers.js'

/** Resting orders of one seq range, column by column up to `count`; `account` indexes `accounts`. */
export type RestingChunk = {
  count: number
  seq: Float64Array
  account: Uint32Array
  accounts: string[]
  /** 1 buy, 0 sell. */
  buy: Uint8Array
  price: Float64Array
  remaining: Float64Array
}

export type RestingRange = {ticker: string; fromSeq: number; toSeq: number}

/** Open and partly filled orders, but for stops still waiting for their trigger (they are in no book). */
const RESTING_SQL = `SELECT seq, account_id, side = 'buy', price_ticks, qty_lots - filled_lots FROM orders
  WHERE ticker = ? AND status IN ('open', 'partial') AND seq >= ? AND seq <= ?
    AND (stop_ticks IS NULL OR working_at IS NOT NULL) ORDER BY seq`

/** Rows a chunk's columns start with; they double as rows arrive. */
const INITIAL_CAPACITY = 4096

/** The resting orders of `range`, read on this thread. */
export function readResting(db: Database.Database, range: RestingRange): RestingChunk {
  // Grown as rows arrive, not sized by the range's width: resting orders may be sparse in a wide
  // seq range (a store with a hundred million orders behind it and a few thousand resting).
  const chunk = emptyChunk(Math.min(INITIAL_CAPACITY, range.toSeq - range.fromSeq + 1))
  const index = new Map<string, number>()
  const rows = db
    .prepare<[string, number, number], [number, string, number, number, number]>(RESTING_SQL)
    .raw()
    .iterate(range.ticker, range.fromSeq, range.toSeq)
  for (const [seq, accountId, buy, price, remaining] of rows) {
    let account = index.get(accountId)
    if (account === undefined) {
      account = chunk.accounts.length
      index.set(accountId, account)
      chunk.accounts.push(accountId)
    }
    if (chunk.count === chunk.seq.length) grow(chunk)
    const i = chunk.count++
    chunk.seq[i] = seq
    chunk.account[i] = account
    chunk.buy[i] = buy
    chunk.price[i] = price
    chunk.remaining[i] = remaining
  }
  return chunk
}

function emptyChunk(capacity: number): RestingChunk {
  return {
    count: 0,
    seq: new Float64Array(capacity),
    account: new Uint32Array(capacity),
    accounts: [],
    buy: new Uint8Array(capacity),
    price: new Float64Array(capacity),
    remaining: new Float64Array(capacity),
  }
}

function grow(chunk: RestingChunk): void {
  const bigger = emptyChunk(Math.max(1, chunk.seq.length * 2))
  bigger.seq.set(chunk.seq)
  bigger.account.set(chunk.account)
  bigger.buy.set(chunk.buy)
  bigger.price.set(chunk.price)
  bigger.remaining.set(chunk.remaining)
  Object.assign(chunk, {
    seq: bigger.seq,
    account: bigger.account,
    buy: bigger.buy,
    price: bigger.price,
    remaining: bigger.remaining,
  })
}

/** The seq span of a ticker's resting orders (both ends included), or undefined when none rest. */
export function restingSpan(db: Database.Database, ticker: string): {first: number; last: number} | undefined {
  // Two index probes: min() and max() in one statement would scan the whole partial index.
  const end = (order: 'ASC' | 'DESC') =>
    db
      .prepare<[string], number>(
        `SELECT seq FROM orders WHERE ticker = ? AND status IN ('open', 'partial') ORDER BY seq ${order} LIMIT 1`,
      )
      .pluck()
      .get(ticker)
  const first = end('ASC')
  return first === undefined ? undefined : {first, last: end('DESC')!}
}

/**
 * Splits `span` into ranges read by worker threads on the store file `file`; resolves each range's
 * chunk through the returned promises, in seq order. Worker i reads ranges i, i + threads, ... so
 * the first ranges arrive first.
 */
export function readRestingInWorkers(
  file: string,
  ticker: string,
  span: {first: number; last: number},
  options: {threads?: number; ranges?: number} = {},
): Promise<RestingChunk>[] {
  const threads = options.threads ?? Math.max(2, Math.min(4, os.availableParallelism()))
  const count = Math.max(threads, options.ranges ?? threads * 4)
  const width = Math.ceil((span.last - span.first + 1) / count)
  const ranges: RestingRange[] = []
  for (let from = span.first; from <= span.last; from += width) {
    ranges.push({ticker, fromSeq: from, toSeq: Math.min(span.last, from + width - 1)})
  }
  const settle = ranges.map(() => {
    let resolve!: (chunk: RestingChunk) => void
    let reject!: (error: unknown) => void
    const promise = new Promise<RestingChunk>((yes, no) => {
      resolve = yes
      reject = no
    })
    return {promise, resolve, reject}
  })
  for (let w = 0; w < Math.min(threads, ranges.length); w++) {
    const mine = ranges.map((range, i) => ({range, i})).filter(({i}) => i % threads === w)
    const worker = startWorker(new URL('./resting-worker.js', import.meta.url), {file, ranges: mine.map(({range}) => range)})
    let next = 0
    worker.on('message', (chunk: RestingChunk) => settle[mine[next++]!.i]!.resolve(chunk))
    worker.on('error', (error) => {
      for (const {i} of mine.slice(next)) settle[i]!.reject(error)
    })
    worker.on('exit', (code) => {
      const error = new Error(`resting-order reader exited with code ${code}`)
      for (const {i} of mine.slice(next)) settle[i]!.reject(error)
    })
  }
  return settle.map(({promise}) => promise)
}

/** A stop order waiting for its trigger, as the store keeps it. */
export type StoredStop = {seq: number; account_id: string; stop_trigger: 'rise' | 'fall'; stop_ticks: number}

/** A ticker's stop orders waiting for their trigger, oldest first. */
export function readWaitingStops(db: Database.Database, ticker: string): StoredStop[] {
  return db
    .prepare<[string], StoredStop>(
      `SELECT seq, account_id, stop_trigger, stop_ticks FROM orders
       WHERE ticker = ? AND status IN ('open', 'partial') AND stop_ticks IS NOT NULL AND working_at IS NULL ORDER BY seq`,
    )
    .all(ticker)
}

/** The price in ticks of a ticker's last trade; 0 when it has none. */
export function lastTradePrice(db: Database.Database, ticker: string): number {
  return (
    db
      .prepare<[string], number>('SELECT price_ticks FROM trades WHERE ticker = ? ORDER BY seq DESC LIMIT 1')
      .pluck()
      .get(ticker) ?? 0
  )
}
