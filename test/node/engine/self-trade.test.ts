import test from 'ava'
import {OrderBook} from '../../../src/node/engine/book.js'
import type {EngineEvent, PlaceCommand, SelfTradeMode} from '../../../src/node/engine/types.js'

let nextId = 1
function place(book: OrderBook, overrides: Partial<PlaceCommand>): {id: number; events: EngineEvent[]} {
  const cmd: PlaceCommand = {
    orderId: nextId++,
    accountId: 1,
    side: 'buy',
    type: 'limit',
    price: 100,
    qty: 1,
    timeInForce: 'GTC',
    postOnly: false,
    ...overrides,
  }
  const events: EngineEvent[] = []
  book.place(cmd, events)
  return {id: cmd.orderId, events}
}

/** A book with, at 100, another account's 1 lot, then account 7's own 2 lots, then another's 3 lots. */
function bookWithOwnOrderBetween() {
  const book = new OrderBook()
  const first = place(book, {accountId: 1, side: 'sell', qty: 1}).id
  const own = place(book, {accountId: 7, side: 'sell', qty: 2}).id
  const last = place(book, {accountId: 2, side: 'sell', qty: 3}).id
  return {book, first, own, last}
}

const taker = (book: OrderBook, selfTrade: SelfTradeMode, qty = 6) =>
  place(book, {accountId: 7, side: 'buy', qty, timeInForce: 'IOC', selfTrade})

test('self-trade expire_taker (the default): the taker stops at its own order, which stays', (t) => {
  const {book, first, own} = bookWithOwnOrderBetween()
  const {id, events} = taker(book, 'expire_taker')
  t.deepEqual(
    events.map((e) => e.type),
    ['trade', 'done'],
  )
  t.like(events[0], {makerOrderId: first, qty: 1})
  t.deepEqual(events[1], {type: 'done', orderId: id, reason: 'self_trade', remaining: 5})
  t.is(book.remainingOf(own), 2)
})

test('self-trade expire_maker: the own resting order ends and the taker goes on matching behind it', (t) => {
  const {book, first, own, last} = bookWithOwnOrderBetween()
  const {id, events} = taker(book, 'expire_maker')
  t.deepEqual(events, [
    {
      type: 'trade',
      makerOrderId: first,
      makerAccountId: 1,
      takerOrderId: id,
      takerAccountId: 7,
      takerSide: 'buy',
      price: 100,
      qty: 1,
      makerRemaining: 0,
    },
    {type: 'done', orderId: own, reason: 'self_trade', remaining: 2},
    {
      type: 'trade',
      makerOrderId: last,
      makerAccountId: 2,
      takerOrderId: id,
      takerAccountId: 7,
      takerSide: 'buy',
      price: 100,
      qty: 3,
      makerRemaining: 0,
    },
    {type: 'done', orderId: id, reason: 'expired', remaining: 2},
  ])
  t.false(book.has(own))
  t.deepEqual(book.depth(5), {bids: [], asks: []})
})

test('self-trade expire_both: the own resting order and the taker remainder both end', (t) => {
  const {book, first, own, last} = bookWithOwnOrderBetween()
  const {id, events} = taker(book, 'expire_both')
  t.deepEqual(
    events.map((e) => [e.type, 'orderId' in e ? e.orderId : e.makerOrderId]),
    [
      ['trade', first],
      ['done', own],
      ['done', id],
    ],
  )
  t.like(events[2], {reason: 'self_trade', remaining: 5})
  t.false(book.has(own))
  t.is(book.remainingOf(last), 3)
  t.deepEqual(book.depth(5).asks, [[100, 3]])
})

test('self-trade none: the account trades with itself', (t) => {
  const {book, own} = bookWithOwnOrderBetween()
  const {events} = taker(book, 'none', 3)
  t.deepEqual(
    events.filter((e) => e.type === 'trade').map((e) => [e.makerOrderId, e.qty]),
    [
      [own - 1, 1],
      [own, 2],
    ],
  )
  t.like(events.at(-1), {type: 'done', reason: 'filled'})
})

test('self-trade modes decide what a FOK order can count on: its own orders are passed over (expire_maker) or met (none)', (t) => {
  for (const [mode, fills] of [
    ['expire_taker', false],
    ['expire_both', false],
    ['expire_maker', true],
    ['none', true],
  ] as const) {
    const {book} = bookWithOwnOrderBetween()
    const {events} = place(book, {accountId: 7, side: 'buy', qty: mode === 'none' ? 6 : 4, timeInForce: 'FOK', selfTrade: mode})
    t.is(events.at(-1)!.type === 'done' && (events.at(-1) as {reason: string}).reason === 'filled', fills, mode)
  }
})

test('the book remembers its last trade price', (t) => {
  const book = new OrderBook()
  t.is(book.lastPrice, 0)
  place(book, {accountId: 1, side: 'sell', price: 101, qty: 1})
  place(book, {accountId: 1, side: 'sell', price: 103, qty: 1})
  place(book, {accountId: 2, side: 'buy', price: 105, qty: 2})
  t.is(book.lastPrice, 103)
})
