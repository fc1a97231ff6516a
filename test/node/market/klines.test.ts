/**
 * Klines. Trades are written straight into the `trades` table at chosen times through the test
 * helper `insertTrades` (node.services.db), so candles can be checked against exact times and
 * prices; one real trade checks that live trades land in the current candle.
 */
import test from 'ava'
import type {TestNode} from '../../helpers/node.js'
import {freshPair, get, insertTrades, realTrade, startMarketNode} from '../../helpers/market.js'

let node: TestNode
test.before(async () => {
  node = await startMarketNode()
})
test.after.always(async () => {
  await node?.close()
})

type Kline = {open_time: string; open: string; high: string; low: string; close: string; volume: string}

const MINUTE = 60_000
const WIDTHS = {'1m': MINUTE, '5m': 5 * MINUTE, '15m': 15 * MINUTE, '1h': 60 * MINUTE, '4h': 240 * MINUTE, '1d': 1440 * MINUTE}
/** Midnight UTC, a Monday, well in the past. */
const T0 = Date.parse('2026-03-02T00:00:00.000Z')
const iso = (ms: number) => new Date(ms).toISOString()

async function klines(query: string): Promise<Kline[]> {
  const {status, body} = await get(node, `/exchange/klines/?${query}`)
  if (status !== 200) throw new Error(`GET /exchange/klines/?${query} answered ${status}: ${JSON.stringify(body)}`)
  return body.klines
}

const candle = (openMs: number, open: string, high: string, low: string, close: string, volume: string): Kline => ({
  open_time: iso(openMs),
  open,
  high,
  low,
  close,
  volume,
})
const flat = (openMs: number, price: string): Kline => candle(openMs, price, price, price, price, '0')

for (const [interval, w] of Object.entries(WIDTHS)) {
  test(`${interval}: aligned candles, exact OHLCV, gaps repeat the previous close`, async (t) => {
    const symbol = freshPair(node, 'K')
    insertTrades(node, symbol, [
      {price: '10', qty: '1', at: T0 + Math.floor(0.1 * w)},
      {price: '12', qty: '2', at: T0 + Math.floor(0.5 * w)},
      {price: '9', qty: '0.5', at: T0 + Math.floor(0.9 * w)},
      // Candles 1 and 2 have no trades.
      {price: '11', qty: '1', at: T0 + 3 * w},
      {price: '11.5', qty: '0.251', at: T0 + 4 * w - 1},
    ])
    const expected = [
      candle(T0, '10', '12', '9', '9', '3.5'),
      flat(T0 + w, '9'),
      flat(T0 + 2 * w, '9'),
      candle(T0 + 3 * w, '11', '11.5', '11', '11.5', '1.251'),
    ]
    t.deepEqual(await klines(`ticker=${symbol}&interval=${interval}`), expected)
    t.deepEqual(await klines(`ticker=${symbol}&interval=${interval}&from=${iso(T0 - 5 * w)}&to=${iso(T0 + 10 * w)}`), expected)
  })
}

test('open_time is the UTC interval boundary containing the trade', async (t) => {
  const symbol = freshPair(node, 'KA')
  insertTrades(node, symbol, [{price: '5', qty: '1', at: '2026-03-02T05:37:12.345Z'}])
  const expected: Record<string, string> = {
    '1m': '2026-03-02T05:37:00.000Z',
    '5m': '2026-03-02T05:35:00.000Z',
    '15m': '2026-03-02T05:30:00.000Z',
    '1h': '2026-03-02T05:00:00.000Z',
    '4h': '2026-03-02T04:00:00.000Z',
    '1d': '2026-03-02T00:00:00.000Z',
  }
  for (const [interval, openTime] of Object.entries(expected)) {
    t.deepEqual(await klines(`ticker=${symbol}&interval=${interval}`), [
      {open_time: openTime, open: '5', high: '5', low: '5', close: '5', volume: '1'},
    ])
  }
})

test('open and close follow the trade sequence within one millisecond', async (t) => {
  const symbol = freshPair(node, 'KB')
  insertTrades(node, symbol, [
    {price: '3', qty: '1', at: T0 + 10},
    {price: '1', qty: '1', at: T0 + 10},
    {price: '2', qty: '1', at: T0 + 10},
  ])
  t.deepEqual(await klines(`ticker=${symbol}&interval=1m`), [candle(T0, '3', '3', '1', '2', '3')])
})

test.serial('from, to and limit select whole candles; gaps are filled only between trades of the selection', async (t) => {
  const symbol = freshPair(node, 'KC')
  // One trade in each of the minutes 0-3 and 6-9 (price 1 + minute); minutes 4 and 5 are empty.
  const minutes = [0, 1, 2, 3, 6, 7, 8, 9]
  insertTrades(
    node,
    symbol,
    minutes.map((m) => ({price: String(1 + m), qty: '1', at: T0 + m * MINUTE + 30_000})),
  )
  const at = (m: number) => iso(T0 + m * MINUTE)
  const times = (list: Kline[]) => list.map((k) => k.open_time)
  const q = `ticker=${symbol}&interval=1m`

  const all = await klines(q)
  t.deepEqual(times(all), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(at))
  t.deepEqual(all[4], flat(T0 + 4 * MINUTE, '4'))
  t.deepEqual(all[5], flat(T0 + 5 * MINUTE, '4'))

  // Without from: the latest `limit`; a window starting in a gap repeats the close before it.
  const latest = await klines(`${q}&limit=5`)
  t.deepEqual(times(latest), [5, 6, 7, 8, 9].map(at))
  t.deepEqual(latest[0], flat(T0 + 5 * MINUTE, '4'))
  // With from: the earliest `limit` from `from`.
  t.deepEqual(times(await klines(`${q}&from=${at(2)}&limit=3`)), [2, 3, 4].map(at))
  // A `from` inside a candle includes that whole candle.
  const inside = await klines(`${q}&from=${iso(T0 + 2 * MINUTE + 45_000)}&limit=1`)
  t.deepEqual(inside, [candle(T0 + 2 * MINUTE, '3', '3', '3', '3', '1')])
  // `to` is exclusive: candles starting at or after it are not selected; the gap after the last selected trade is not filled.
  t.deepEqual(times(await klines(`${q}&to=${at(5)}`)), [0, 1, 2, 3].map(at))
  t.deepEqual(times(await klines(`${q}&to=${iso(T0 + 6 * MINUTE + 1)}`)), [0, 1, 2, 3, 4, 5, 6].map(at))
  // A `to` inside a candle includes that candle (and all its trades).
  t.deepEqual(await klines(`${q}&from=${at(9)}&to=${iso(T0 + 9 * MINUTE + 1)}`), [
    candle(T0 + 9 * MINUTE, '10', '10', '10', '10', '1'),
  ])
  // Before `from` there are trades, inside none: no candles.
  t.deepEqual(await klines(`${q}&from=${at(4)}&to=${at(6)}`), [])
  t.deepEqual(await klines(`${q}&from=${at(10)}`), [])
  t.deepEqual(await klines(`${q}&from=${at(3)}&to=${at(3)}`), [])
  // Other time zones are accepted and normalised.
  t.deepEqual(times(await klines(`${q}&from=${encodeURIComponent('2026-03-02T03:08:00+03:00')}&limit=2`)), [8, 9].map(at))
})

test('default limit 200 and maximum 200: the latest 200 without from, the earliest 200 with it', async (t) => {
  const symbol = freshPair(node, 'KD')
  insertTrades(
    node,
    symbol,
    Array.from({length: 250}, (_, i) => ({price: '1', qty: '1', at: T0 + i * MINUTE})),
  )
  const latest = await klines(`ticker=${symbol}&interval=1m`)
  t.is(latest.length, 200)
  t.is(latest[0]!.open_time, iso(T0 + 50 * MINUTE))
  t.is(latest[199]!.open_time, iso(T0 + 249 * MINUTE))
  const earliest = await klines(`ticker=${symbol}&interval=1m&from=${iso(T0)}&limit=200`)
  t.is(earliest.length, 200)
  t.is(earliest[0]!.open_time, iso(T0))
  t.is(earliest[199]!.open_time, iso(T0 + 199 * MINUTE))
  const tooMany = await get(node, `/exchange/klines/?ticker=${symbol}&interval=1m&limit=201`)
  t.is(tooMany.status, 400)
})

test('a live trade lands in the current candle', async (t) => {
  const symbol = freshPair(node, 'KE')
  const before = Date.now()
  await realTrade(node, symbol, '42.42', '0.5')
  const [current, ...rest] = await klines(`ticker=${symbol}&interval=1m`)
  t.deepEqual(rest, [])
  t.like(current, {open: '42.42', high: '42.42', low: '42.42', close: '42.42', volume: '0.5'})
  const openMs = Date.parse(current!.open_time)
  t.is(openMs % MINUTE, 0)
  t.true(openMs <= Date.now() && openMs > before - MINUTE)
})

test('bad input is 400 invalid_argument; an unknown ticker 404', async (t) => {
  const cases: [string, number][] = [
    ['ticker=BTC-USDT', 400],
    ['ticker=BTC-USDT&interval=2m', 400],
    ['ticker=BTC-USDT&interval=1M', 400],
    ['ticker=BTC-USDT&interval=', 400],
    ['ticker=BTC-USDT&interval=1m&from=yesterday', 400],
    ['ticker=BTC-USDT&interval=1m&to=1700000000000', 400],
    ['ticker=BTC-USDT&interval=1m&from=2026-03-02T01:00:00Z&to=2026-03-02T00:00:00Z', 400],
    ['ticker=BTC-USDT&interval=1m&limit=0', 400],
    ['interval=1m', 400],
    ['ticker=NOPE-USDT&interval=1m', 404],
  ]
  for (const [query, status] of cases) {
    const answer = await get(node, `/exchange/klines/?${query}`)
    t.is(answer.status, status, query)
    t.is(answer.body.error?.code, status === 400 ? 'invalid_argument' : 'not_found', query)
  }
})
