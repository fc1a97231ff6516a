import test from 'ava'
import fc from 'fast-check'
import {OrderBook} from '../../../src/node/engine/book.js'
import type {EngineEvent, PlaceCommand, TradeEvent} from '../../../src/node/engine/types.js'

let nextId = 1
const order = (overrides: Partial<PlaceCommand>): PlaceCommand => ({
  orderId: nextId++,
  accountId: 1,
  side: 'buy',
  type: 'limit',
  price: 100,
  qty: 1,
  timeInForce: 'GTC',
  postOnly: false,
  ...overrides,
})

function place(book: OrderBook, overrides: Partial<PlaceCommand>): {id: number; events: EngineEvent[]} {
  const cmd = order(overrides)
  const events: EngineEvent[] = []
  book.place(cmd, events)
  return {id: cmd.orderId, events}
}

const trades = (events: EngineEvent[]) => events.filter((e): e is TradeEvent => e.type === 'trade')
const fate = (events: EngineEvent[]) => events[events.length - 1]

test('price-time priority: better price first, then earlier order at the same price', (t) => {
  const book = new OrderBook()
  const a = place(book, {accountId: 1, side: 'sell', price: 101, qty: 1}).id
  const b = place(book, {accountId: 2, side: 'sell', price: 100, qty: 1}).id
  const c = place(book, {accountId: 3, side: 'sell', price: 100, qty: 1}).id
  const {events} = place(book, {accountId: 9, side: 'buy', price: 101, qty: 3})
  t.deepEqual(
    trades(events).map((e) => [e.makerOrderId, e.price]),
    [
      [b, 100],
      [c, 100],
      [a, 101],
    ],
  )
  t.deepEqual(fate(events), {type: 'done', orderId: trades(events)[0]!.takerOrderId, reason: 'filled', remaining: 0})
})

test('partial fill: the taker remainder rests, the maker keeps its place with the rest', (t) => {
  const book = new OrderBook()
  const maker = place(book, {accountId: 1, side: 'sell', price: 100, qty: 5}).id
  const {events} = place(book, {accountId: 2, side: 'buy', price: 100, qty: 2})
  t.is(trades(events)[0]!.makerRemaining, 3)
  t.is(book.remainingOf(maker), 3)
  const big = place(book, {accountId: 3, side: 'buy', price: 100, qty: 10})
  t.is(trades(big.events)[0]!.qty, 3)
  t.deepEqual(fate(big.events), {type: 'rested', orderId: big.id, remaining: 7})
  t.deepEqual(book.depth(5), {bids: [[100, 7]], asks: []})
})

test('market order sweeps levels and expires the unfilled rest', (t) => {
  const book = new OrderBook()
  place(book, {accountId: 1, side: 'sell', price: 100, qty: 1})
  place(book, {accountId: 1, side: 'sell', price: 105, qty: 1})
  place(book, {accountId: 1, side: 'sell', price: 110, qty: 1})
  const {id, events} = place(book, {accountId: 2, side: 'buy', type: 'market', price: 0, qty: 5})
  t.deepEqual(
    trades(events).map((e) => e.price),
    [100, 105, 110],
  )
  t.deepEqual(fate(events), {type: 'done', orderId: id, reason: 'expired', remaining: 2})
  t.is(book.size, 0)
})

test('IOC trades what crosses and never rests', (t) => {
  const book = new OrderBook()
  place(book, {accountId: 1, side: 'buy', price: 100, qty: 2})
  const {id, events} = place(book, {accountId: 2, side: 'sell', price: 99, qty: 5, timeInForce: 'IOC'})
  t.is(trades(events)[0]!.qty, 2)
  t.deepEqual(fate(events), {type: 'done', orderId: id, reason: 'expired', remaining: 3})
  t.is(book.bestAsk(), undefined)
})

test('FOK fills entirely or not at all', (t) => {
  const book = new OrderBook()
  place(book, {accountId: 1, side: 'sell', price: 100, qty: 2})
  place(book, {accountId: 1, side: 'sell', price: 101, qty: 2})
  const refused = place(book, {accountId: 2, side: 'buy', price: 101, qty: 5, timeInForce: 'FOK'})
  t.deepEqual(refused.events, [{type: 'done', orderId: refused.id, reason: 'fok_not_fillable', remaining: 5}])
  t.deepEqual(book.depth(5).asks, [
    [100, 2],
    [101, 2],
  ])
  const filled = place(book, {accountId: 2, side: 'buy', price: 101, qty: 4, timeInForce: 'FOK'})
  t.is(trades(filled.events).length, 2)
  t.is(fate(filled.events)!.type, 'done')
  t.is(book.size, 0)
})

test('post-only is refused when it would cross and rests otherwise', (t) => {
  const book = new OrderBook()
  place(book, {accountId: 1, side: 'sell', price: 100, qty: 1})
  const crossing = place(book, {accountId: 2, side: 'buy', price: 100, postOnly: true})
  t.deepEqual(crossing.events, [{type: 'done', orderId: crossing.id, reason: 'post_only_would_cross', remaining: 1}])
  const resting = place(book, {accountId: 2, side: 'buy', price: 99, postOnly: true})
  t.deepEqual(resting.events, [{type: 'rested', orderId: resting.id, remaining: 1}])
})

test('self-trade: the incoming remainder is cancelled, the resting own order stays', (t) => {
  const book = new OrderBook()
  place(book, {accountId: 2, side: 'sell', price: 100, qty: 1})
  const own = place(book, {accountId: 1, side: 'sell', price: 101, qty: 1}).id
  const {id, events} = place(book, {accountId: 1, side: 'buy', price: 105, qty: 3})
  t.is(trades(events).length, 1)
  t.deepEqual(fate(events), {type: 'done', orderId: id, reason: 'self_trade', remaining: 2})
  t.true(book.has(own))
  t.is(book.bestBid(), undefined)
})

test('makers: the resting orders a taker would meet, best first in time priority, up to its own account', (t) => {
  const book = new OrderBook()
  place(book, {accountId: 2, side: 'sell', price: 102, qty: 4})
  place(book, {accountId: 3, side: 'sell', price: 101, qty: 1})
  place(book, {accountId: 2, side: 'sell', price: 101, qty: 2})
  place(book, {accountId: 1, side: 'sell', price: 103, qty: 9})
  place(book, {accountId: 2, side: 'sell', price: 104, qty: 5})
  t.deepEqual(
    [...book.makers('buy', 1)],
    [
      [101, 1],
      [101, 2],
      [102, 4],
    ],
  )
  t.deepEqual([...book.makers('buy', 3)], [])
  t.deepEqual([...book.makers('sell', 1)], [])
})

test('cancel removes the order and its empty level; unknown ids are rejected as values', (t) => {
  const book = new OrderBook()
  const a = place(book, {side: 'buy', price: 100, qty: 3}).id
  place(book, {side: 'buy', price: 99, qty: 1})
  const out: EngineEvent[] = []
  book.cancel(a, out)
  t.deepEqual(out, [{type: 'done', orderId: a, reason: 'cancelled', remaining: 3}])
  t.is(book.bestBid(), 99)
  out.length = 0
  book.cancel(a, out)
  t.deepEqual(out, [{type: 'rejected', orderId: a, reason: 'unknown_order'}])
})

test('cancel-all cancels only the account’s orders', (t) => {
  const book = new OrderBook()
  place(book, {accountId: 1, side: 'buy', price: 100})
  place(book, {accountId: 1, side: 'sell', price: 110})
  const other = place(book, {accountId: 2, side: 'buy', price: 100}).id
  t.is(book.cancelAll(1, []), 2)
  t.is(book.size, 1)
  t.true(book.has(other))
})

test('restore rebuilds the same priority as the original book', (t) => {
  const book = new OrderBook()
  for (const [accountId, side, price] of [
    [1, 'buy', 100],
    [2, 'buy', 100],
    [3, 'buy', 101],
    [4, 'sell', 105],
    [5, 'sell', 105],
  ] as const) {
    place(book, {accountId, side, price, qty: 2})
  }
  const copy = new OrderBook()
  for (const resting of book.resting()) copy.restore(resting)
  t.deepEqual([...copy.resting()], [...book.resting()])
  const out1: EngineEvent[] = []
  const out2: EngineEvent[] = []
  const taker = order({accountId: 9, side: 'sell', price: 100, qty: 5})
  book.place(taker, out1)
  copy.place(taker, out2)
  t.deepEqual(out1, out2)
})

test('invalid and duplicate orders are rejected without touching the book', (t) => {
  const book = new OrderBook()
  const placed = place(book, {price: 100})
  const out: EngineEvent[] = []
  book.place(order({orderId: placed.id}), out)
  book.place(order({qty: 0}), out)
  book.place(order({price: 1.5}), out)
  t.deepEqual(
    out.map((e) => e.type === 'rejected' && e.reason),
    ['duplicate_order_id', 'invalid_order', 'invalid_order'],
  )
  t.is(book.size, 1)
})

test('property: random order streams never leave a crossed book and conserve quantity', (t) => {
  const command = fc.record({
    kind: fc.constantFrom('limit', 'limit', 'limit', 'market', 'cancel'),
    accountId: fc.integer({min: 1, max: 4}),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    price: fc.integer({min: 95, max: 105}),
    qty: fc.integer({min: 1, max: 20}),
    tif: fc.constantFrom('GTC' as const, 'GTC' as const, 'IOC' as const, 'FOK' as const),
    postOnly: fc.boolean(),
    pick: fc.nat(),
  })
  fc.assert(
    fc.property(fc.array(command, {maxLength: 200}), (commands) => {
      const book = new OrderBook()
      const placedQty = new Map<number, number>()
      const filled = new Map<number, number>()
      const ended = new Map<number, number>()
      let id = 1
      for (const c of commands) {
        const out: EngineEvent[] = []
        if (c.kind === 'cancel') {
          const ids = [...book.resting()].map((r) => r.orderId)
          if (ids.length) book.cancel(ids[c.pick % ids.length]!, out)
        } else {
          const cmd: PlaceCommand = {
            orderId: id++,
            accountId: c.accountId,
            side: c.side,
            type: c.kind === 'market' ? 'market' : 'limit',
            price: c.price,
            qty: c.qty,
            timeInForce: c.tif,
            postOnly: c.postOnly,
          }
          placedQty.set(cmd.orderId, cmd.qty)
          book.place(cmd, out)
        }
        for (const e of out) {
          if (e.type === 'trade') {
            if (e.makerAccountId === e.takerAccountId) return false
            filled.set(e.makerOrderId, (filled.get(e.makerOrderId) ?? 0) + e.qty)
            filled.set(e.takerOrderId, (filled.get(e.takerOrderId) ?? 0) + e.qty)
            // A maker filled to zero leaves the book with this trade (no separate done event).
            if (e.makerRemaining === 0) ended.set(e.makerOrderId, 0)
          }
          if (e.type === 'done') ended.set(e.orderId, e.remaining)
        }
        const bid = book.bestBid()
        const ask = book.bestAsk()
        if (bid !== undefined && ask !== undefined && bid >= ask) return false
      }
      // Every order's quantity is filled + (resting or ended remainder), exactly.
      const resting = new Map([...book.resting()].map((r) => [r.orderId, r.remaining]))
      for (const [orderId, qty] of placedQty) {
        const rest = resting.get(orderId) ?? ended.get(orderId)
        if (rest === undefined || (filled.get(orderId) ?? 0) + rest !== qty) return false
      }
      return true
    }),
    {numRuns: 300},
  )
  t.pass()
})

test('a side of thousands of levels (blocks that split and empty) stays in price order: depth, sweeps and cancels agree with a sorted model', (t) => {
  fc.assert(
    fc.property(
      fc.array(fc.record({price: fc.integer({min: 1, max: 40_000}), qty: fc.integer({min: 1, max: 5}), cancel: fc.nat(9)}), {
        minLength: 2_000,
        maxLength: 4_000,
      }),
      fc.integer({min: 1, max: 6_000}),
      (commands, sweep) => {
        const book = new OrderBook()
        // The model: lots per price of the resting bids, and the resting orders by id.
        const model = new Map<number, number>()
        const resting: {id: number; price: number; qty: number}[] = []
        for (const {price, qty, cancel} of commands) {
          if (cancel === 0 && resting.length > 0) {
            const victim = resting.splice(price % resting.length, 1)[0]!
            book.cancel(victim.id, [])
            const left = model.get(victim.price)! - victim.qty
            if (left === 0) model.delete(victim.price)
            else model.set(victim.price, left)
            continue
          }
          const {id} = place(book, {side: 'buy', price, qty})
          resting.push({id, price, qty})
          model.set(price, (model.get(price) ?? 0) + qty)
        }
        const expected = [...model.entries()].sort(([a], [b]) => b - a)
        t.deepEqual(book.depth(expected.length + 1).bids, expected)
        // A market sell takes the levels best first.
        const {events} = place(book, {side: 'sell', type: 'market', qty: sweep, accountId: 2})
        let left = sweep
        const takes: [number, number][] = []
        for (const [price, lots] of expected) {
          if (left === 0) break
          const take = Math.min(lots, left)
          takes.push([price, take])
          left -= take
        }
        const byPrice = new Map<number, number>()
        for (const trade of trades(events)) byPrice.set(trade.price, (byPrice.get(trade.price) ?? 0) + trade.qty)
        t.deepEqual([...byPrice.entries()], takes)
        const rest = expected.slice(takes.length)
        if (takes.length > 0 && takes.at(-1)![1] < expected[takes.length - 1]![1]) {
          rest.unshift([takes.at(-1)![0], expected[takes.length - 1]![1] - takes.at(-1)![1]])
        }
        t.deepEqual(book.depth(rest.length + 1).bids, rest)
      },
    ),
    {numRuns: 20},
  )
})
