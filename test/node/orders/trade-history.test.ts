/**
 * TradeHistory.summary past SQLite's 64-bit integers, over a bare trades table in memory: a sum that
 * overflows makes SQLite fail the statement (SQLITE_ERROR), a product that overflows turns its sum
 * into a float; either way the answer is the exact bigint sum, added up from the rows.
 */
import test from 'ava'
import Database from 'better-sqlite3'
import {TradeHistory} from '../../../src/node/orders/trade-history.js'

const TICKER = 'BTC-USDT'

/** A TradeHistory over a trades table holding `trades` (price ticks, qty lots, taker side), one ms apart from 1000. */
function history(trades: [bigint, bigint, 'buy' | 'sell'][]): TradeHistory {
  const db = new Database(':memory:')
  db.exec(`CREATE TABLE trades (
    seq INTEGER PRIMARY KEY, id TEXT NOT NULL, ticker TEXT NOT NULL, price_ticks INTEGER NOT NULL,
    qty_lots INTEGER NOT NULL, taker_side TEXT NOT NULL, taker_order_seq INTEGER NOT NULL,
    executed_at TEXT NOT NULL, executed_ms INTEGER NOT NULL)`)
  const insert = db.prepare(
    `INSERT INTO trades (seq, id, ticker, price_ticks, qty_lots, taker_side, taker_order_seq, executed_at, executed_ms)
     VALUES (?, ?, ?, ?, ?, ?, 1, '', ?)`,
  )
  trades.forEach(([price, qty, side], i) => insert.run(i + 1, `t${i + 1}`, TICKER, price, qty, side, 1000 + i))
  return new TradeHistory(db)
}

const INT64_MAX = 2n ** 63n - 1n

test('a volume past 64 bits (SQLite fails the sum) is added up exactly', (t) => {
  const half = 2n ** 62n
  const trades = history([
    [1n, half, 'buy'],
    [3n, half, 'sell'],
    [2n, 5n, 'buy'],
  ])
  // Each quantity fits; their sum does not.
  t.true(half + half + 5n > INT64_MAX)
  t.deepEqual(trades.summary(TICKER, 0n, 10_000n), {
    open: 1n,
    high: 3n,
    low: 1n,
    close: 2n,
    volume: half * 2n + 5n,
    notional: half * 4n + 10n,
    buyVolume: half + 5n,
    buyNotional: half + 10n,
    count: 3,
    firstSeq: 1,
    lastSeq: 3,
  })
})

test('a notional past 64 bits (SQLite makes the product a float) is added up exactly', (t) => {
  const big = 2n ** 40n
  const trades = history([
    [big, big + 1n, 'buy'],
    [big, 1n, 'sell'],
  ])
  t.true(big * (big + 1n) > INT64_MAX)
  t.like(trades.summary(TICKER, 0n, 10_000n), {
    volume: big + 2n,
    notional: big * (big + 1n) + big,
    buyNotional: big * (big + 1n),
    count: 2,
  })
})

test('within 64 bits the sums are SQLite’s, and a window without trades has no summary', (t) => {
  const trades = history([
    [10n, 2n, 'buy'],
    [12n, 1n, 'sell'],
  ])
  t.like(trades.summary(TICKER, 0n, 10_000n), {open: 10n, close: 12n, volume: 3n, notional: 32n, buyVolume: 2n, buyNotional: 20n})
  t.is(trades.summary(TICKER, 5000n, 6000n), undefined)
})
