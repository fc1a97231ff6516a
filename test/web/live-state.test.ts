/**
 * The live hooks' bookkeeping (web/src/api/live/state.ts) fed message sequences, without a browser:
 * which book snapshot is kept across coalesced changes and a reconnect, how REST history and live
 * trades merge, how a trade moves the candles, how order updates and a REST resynchronisation
 * settle. The app's sources are TypeScript for Vite: they are loaded here through tsx, from source,
 * also when `npm test` runs the suite as built JavaScript.
 */
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import test from 'ava'
import {tsImport} from 'tsx/esm/api'
import {ROOT} from '../helpers/paths.js'

type State = typeof import('../../web/src/api/live/state.js')
type Order = import('../../web/src/api/live/state.js').Order
type Snapshot = import('../../web/src/api/live/state.js').BookSnapshot

const load = <T>(file: string): Promise<T> => tsImport(pathToFileURL(path.join(ROOT, file)).href, import.meta.url) as Promise<T>
const state = await load<State>('web/src/api/live/state.ts')

const snapshot = (seq: number, bid = '100'): Snapshot => ({
  ticker: 'BTC-USDT',
  bids: [[bid, '1']],
  asks: [['101', '2']],
  timestamp: '2026-11-22T10:00:00.000Z',
  seq,
})

test('book: each newer snapshot replaces the book, a seq gap included; an older one or another shape is ignored', (t) => {
  let book = state.bookMessage(state.EMPTY_BOOK, snapshot(5))
  t.is(book.seq, 5)
  // 6 to 8 were coalesced by the node: 9 is the whole book, as good as any.
  book = state.bookMessage(book, snapshot(9, '99'))
  t.deepEqual([book.seq, book.book?.bids[0]?.[0]], [9, '99'])
  t.is(state.bookMessage(book, snapshot(9, '98')), book)
  t.is(state.bookMessage(book, snapshot(7, '98')), book)
  t.is(state.bookMessage(book, {ticker: 'BTC-USDT', seq: 10}), book)
  t.is(state.bookMessage(book, {ticker: 'BTC-USDT', seq: 10, bids: [[100, 1]], asks: []}), book)
  t.is(state.bookMessage(book, 'hello'), book)
})

test('book: after a reconnect the first snapshot is taken even with a lower seq (a restarted node counts from 0 again)', (t) => {
  const before = state.bookMessage(state.EMPTY_BOOK, snapshot(500, '99'))
  const reopened = state.bookReopened(before)
  // Until the new connection's snapshot, the last book stays on screen.
  t.is(reopened.book, before.book)
  const after = state.bookMessage(reopened, snapshot(3, '97'))
  t.deepEqual([after.seq, after.book?.bids[0]?.[0]], [3, '97'])
  t.is(state.bookMessage(after, snapshot(2)), after)
})

test('book rows: the amount summed from the best price and a depth bar against the larger side', (t) => {
  const rows = state.bookRows(
    {
      ticker: 'BTC-USDT',
      bids: [
        ['100', '1'],
        ['99.5', '0.5'],
        ['99', '2.5'],
      ],
      asks: [
        ['101', '0.1'],
        ['102', '0.2'],
      ],
      timestamp: '',
      seq: 1,
    },
    2,
  )
  t.deepEqual(
    rows.bids.map((row) => [row.price, row.cumulative, row.depth]),
    [
      ['100', '1', '66.7%'],
      ['99.5', '1.5', '100%'],
    ],
  )
  t.deepEqual(
    rows.asks.map((row) => [row.cumulative, row.depth]),
    [
      ['0.1', '6.7%'],
      ['0.3', '20%'],
    ],
  )
  t.deepEqual(state.bookRows({ticker: 'X', bids: [], asks: [], timestamp: '', seq: 1}, 5), {bids: [], asks: []})
})

const trade = (id: string, at: string, price = '100') => ({id, price, qty: '1', side: 'buy' as const, executed_at: at})

test('trades: REST history and live trades merge into one list, each once, newest first, in either order of arrival', (t) => {
  const history = [
    trade('0003', '2026-11-22T10:00:02.000Z'),
    trade('0002', '2026-11-22T10:00:01.000Z'),
    trade('0001', '2026-11-22T10:00:00.000Z'),
  ]
  // Trades the socket delivered before the REST answer came: one of them is in the answer too.
  const live = [
    trade('0003', '2026-11-22T10:00:02.000Z'),
    trade('0004', '2026-11-22T10:00:02.000Z'),
    trade('0005', '2026-11-22T10:00:03.000Z'),
  ]
  const one = state.mergeTrades(live, history, 10)
  const other = state.mergeTrades(history, live, 10)
  t.deepEqual(
    one.map((each) => each.id),
    ['0005', '0004', '0003', '0002', '0001'],
  )
  t.deepEqual(other, one)
  t.deepEqual(
    state.mergeTrades(one, [trade('0006', '2026-11-22T10:00:04.000Z')], 3).map((each) => each.id),
    ['0006', '0005', '0004'],
  )
  t.true(state.isPublicTrade({...trade('1', '2026-11-22T10:00:00.000Z'), ticker: 'BTC-USDT'}))
  t.false(state.isPublicTrade({...trade('1', '2026-11-22T10:00:00.000Z'), price: 100}))
})

const candle = (open_time: string, open: string, high: string, low: string, close: string, volume: string) => ({
  open_time,
  open,
  high,
  low,
  close,
  volume,
})

test('candles: a trade moves the last candle, opens the next one on its UTC boundary, and fills empty intervals as the API does', (t) => {
  const start = [candle('2026-11-22T10:00:00.000Z', '100', '101', '99', '100.5', '2')]
  const moved = state.candlesAfterTrade(start, {price: '102.25', qty: '0.5', executed_at: '2026-11-22T10:14:59.999Z'}, '15m')
  t.deepEqual(moved, [candle('2026-11-22T10:00:00.000Z', '100', '102.25', '99', '102.25', '2.5')])
  const lower = state.candlesAfterTrade(moved, {price: '98', qty: '1', executed_at: '2026-11-22T10:05:00.000Z'}, '15m')
  t.deepEqual(lower[0], candle('2026-11-22T10:00:00.000Z', '100', '102.25', '98', '98', '3.5'))
  // 10:15 and 10:30 had no trade: they repeat the close, volume "0".
  const later = state.candlesAfterTrade(lower, {price: '97', qty: '0.25', executed_at: '2026-11-22T10:47:00.000Z'}, '15m')
  t.deepEqual(later.slice(1), [
    candle('2026-11-22T10:15:00.000Z', '98', '98', '98', '98', '0'),
    candle('2026-11-22T10:30:00.000Z', '98', '98', '98', '98', '0'),
    candle('2026-11-22T10:45:00.000Z', '97', '97', '97', '97', '0.25'),
  ])
  // A trade older than the last candle is in the API's history already.
  t.deepEqual(state.candlesAfterTrade(later, {price: '1', qty: '1', executed_at: '2026-11-22T10:20:00.000Z'}, '15m'), later)
  // Days open at 00:00 UTC, four hours at 00:00, 04:00, ... UTC.
  t.is(
    state.candlesAfterTrade([], {price: '1', qty: '1', executed_at: '2026-11-22T23:59:59.000Z'}, '1d')[0]?.open_time,
    '2026-11-22T00:00:00.000Z',
  )
  t.is(
    state.candlesAfterTrade([], {price: '1', qty: '1', executed_at: '2026-11-22T07:30:00.000Z'}, '4h')[0]?.open_time,
    '2026-11-22T04:00:00.000Z',
  )
  // A long quiet spell fills no more candles than the chart keeps.
  const year = state.candlesAfterTrade(start, {price: '1', qty: '1', executed_at: '2027-11-22T10:00:00.000Z'}, '1m')
  t.is(year.length, state.MAX_CANDLES)
  t.is(year.at(-1)?.close, '1')
})

const order = (id: string, status: Order['status'], updated: string, filled = '0', seq = 1): Order => ({
  id,
  client_order_id: '',
  seq,
  ticker: 'BTC-USDT',
  side: 'buy',
  type: 'limit',
  time_in_force: 'GTC',
  price: '100',
  qty: '1',
  filled_qty: filled,
  avg_price: filled === '0' ? null : '100',
  status,
  created_at: `2026-11-22T10:00:0${seq}.000Z`,
  updated_at: updated,
})

test('orders: an update moves its order between open and history, and an older copy never undoes a newer one', (t) => {
  let lists = state.ordersAfter(state.NO_ORDERS, order('a', 'open', '2026-11-22T10:00:01.000Z', '0', 1), 50)
  lists = state.ordersAfter(lists, order('b', 'open', '2026-11-22T10:00:02.000Z', '0', 2), 50)
  t.deepEqual(
    lists.open.map((o) => o.id),
    ['b', 'a'],
  )
  lists = state.ordersAfter(lists, order('a', 'partial', '2026-11-22T10:00:03.000Z', '0.4', 1), 50)
  t.deepEqual(
    lists.open.map((o) => [o.id, o.status]),
    [
      ['b', 'open'],
      ['a', 'partial'],
    ],
  )
  lists = state.ordersAfter(lists, order('a', 'filled', '2026-11-22T10:00:04.000Z', '1', 1), 50)
  t.deepEqual(
    lists.open.map((o) => o.id),
    ['b'],
  )
  t.deepEqual(
    lists.history.map((o) => [o.id, o.status]),
    [
      ['b', 'open'],
      ['a', 'filled'],
    ],
  )
  // The partial copy arriving late (a REST answer read before the fill) changes nothing.
  t.is(state.ordersAfter(lists, order('a', 'partial', '2026-11-22T10:00:03.000Z', '0.4', 1), 50), lists)
  // Same millisecond: the later status wins, then the larger fill.
  const sameMs = state.ordersAfter(lists, order('b', 'cancelled', '2026-11-22T10:00:02.000Z', '0', 2), 50)
  t.deepEqual(sameMs.open, [])
  t.is(state.ordersAfter(sameMs, order('b', 'open', '2026-11-22T10:00:02.000Z', '0', 2), 50), sameMs)
  // The history keeps the latest `limit` orders.
  t.deepEqual(
    state.ordersAfter(lists, order('c', 'open', '2026-11-22T10:00:05.000Z', '0', 3), 1).history.map((o) => o.id),
    ['c'],
  )
})

test("orders: a resynchronisation takes REST's lists and lays over them only the updates that are later than REST's copies", (t) => {
  const restOpen = [
    order('a', 'open', '2026-11-22T10:00:01.000Z', '0', 1),
    order('b', 'partial', '2026-11-22T10:00:05.000Z', '0.5', 2),
  ]
  const restHistory = [...restOpen].reverse()
  const meanwhile = [
    // Later than REST's copy: REST was read before this fill.
    order('a', 'filled', '2026-11-22T10:00:06.000Z', '1', 1),
    // Older than REST's copy: the socket's update of before the read.
    order('b', 'open', '2026-11-22T10:00:02.000Z', '0', 2),
    // Placed after the read.
    order('c', 'open', '2026-11-22T10:00:07.000Z', '0', 3),
  ]
  const lists = state.ordersResynced(restOpen, restHistory, meanwhile, 50)
  t.deepEqual(
    lists.open.map((o) => [o.id, o.status]),
    [
      ['c', 'open'],
      ['b', 'partial'],
    ],
  )
  t.deepEqual(
    lists.history.map((o) => [o.id, o.status]),
    [
      ['c', 'open'],
      ['b', 'partial'],
      ['a', 'filled'],
    ],
  )
})

test('orders: only an order_update of the stream is an order', (t) => {
  const o = order('a', 'open', '2026-11-22T10:00:01.000Z')
  t.deepEqual(state.orderOfMessage({event: 'order_update', order: o}), o)
  t.is(state.orderOfMessage({event: 'balance_update', asset: 'USDT'}), undefined)
  t.is(state.orderOfMessage({event: 'order_update', order: {id: 'a'}}), undefined)
  t.is(state.orderOfMessage(null), undefined)
})
