import test from 'ava'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {connect, delay, refusal, trader, wsUrl} from '../../helpers/ws-clients.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

test.serial('each trade of the ticker arrives once, in order, and trades of other tickers do not', async (t) => {
  const btc = await connect(wsUrl(node, '/api/v1/exchange/ws/trades/?ticker=BTC-USDT'))
  const eth = await connect(wsUrl(node, '/api/v1/exchange/ws/trades?ticker=eth-usdt'))
  const seller = await trader(node, {BTC: '1', ETH: '10'})
  const buyer = await trader(node, {USDT: '1000000'})
  for (const price of ['30000', '30001', '30002']) {
    await node.services.trading.place(seller.id, {ticker: 'BTC-USDT', side: 'sell', type: 'limit', price, qty: '0.1'})
  }
  await node.services.trading.place(seller.id, {ticker: 'ETH-USDT', side: 'sell', type: 'limit', price: '2000', qty: '1'})
  // One taker sweeps three levels: three trades in one committed batch.
  await node.services.trading.place(buyer.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '30002', qty: '0.25'})
  await node.services.trading.place(buyer.id, {ticker: 'ETH-USDT', side: 'buy', type: 'market', qty: '0.4'})

  const first = await btc.next()
  const second = await btc.next()
  const third = await btc.next()
  t.deepEqual(Object.keys(first), ['id', 'ticker', 'price', 'qty', 'side', 'executed_at'])
  t.deepEqual(
    [first, second, third].map(({ticker, price, qty, side}) => ({ticker, price, qty, side})),
    [
      {ticker: 'BTC-USDT', price: '30000', qty: '0.1', side: 'buy'},
      {ticker: 'BTC-USDT', price: '30001', qty: '0.1', side: 'buy'},
      {ticker: 'BTC-USDT', price: '30002', qty: '0.05', side: 'buy'},
    ],
  )
  t.is(new Set([first.id, second.id, third.id]).size, 3)
  for (const trade of [first, second, third]) t.regex(trade.executed_at, ISO_MS)

  const ethTrade = await eth.next()
  t.like(ethTrade, {ticker: 'ETH-USDT', price: '2000', qty: '0.4', side: 'buy'})
  await delay(200)
  t.is(btc.messages.length, 3)
  t.is(eth.messages.length, 1)
  btc.close()
  eth.close()
})

test.serial('two subscribers of one ticker both get the trade', async (t) => {
  const a = await connect(wsUrl(node, '/api/v1/exchange/ws/trades/?ticker=TRX-USDT'))
  const b = await connect(wsUrl(node, '/api/v1/exchange/ws/trades/?ticker=TRX-USDT'))
  const seller = await trader(node, {TRX: '1000'})
  const buyer = await trader(node, {USDT: '1000'})
  await node.services.trading.place(seller.id, {ticker: 'TRX-USDT', side: 'sell', type: 'limit', price: '0.1', qty: '100'})
  await node.services.trading.place(buyer.id, {ticker: 'TRX-USDT', side: 'buy', type: 'limit', price: '0.1', qty: '100'})
  const [fromA, fromB] = await Promise.all([a.next(), b.next()])
  t.deepEqual(fromA, fromB)
  t.like(fromA, {ticker: 'TRX-USDT', price: '0.1', qty: '100', side: 'buy'})
  a.close()
  b.close()
})

test.serial('trades of many batches in quick succession all arrive, once each, in commit order', async (t) => {
  // Writes are throttled per ticker (at most one per 10 ms while trades keep coming): trades of the
  // batches in between are queued, not lost or reordered.
  const socket = await connect(wsUrl(node, '/api/v1/exchange/ws/trades/?ticker=TRX-USDT'))
  const seller = await trader(node, {TRX: '100000'})
  const buyer = await trader(node, {USDT: '100000'})
  await node.services.trading.place(seller.id, {ticker: 'TRX-USDT', side: 'sell', type: 'limit', price: '0.2', qty: '10000'})
  const qtys = Array.from({length: 30}, (_, i) => String(10 + i))
  for (const [i, qty] of qtys.entries()) {
    const taker = node.services.trading.place(buyer.id, {ticker: 'TRX-USDT', side: 'buy', type: 'market', qty})
    // Every third order in its own event-loop turn: batches of one and of several, a few ms apart.
    if (i % 3 === 2) await taker
  }
  const received = []
  for (let i = 0; i < qtys.length; i++) received.push(await socket.next())
  t.deepEqual(
    received.map((trade) => trade.qty),
    qtys,
  )
  await delay(100)
  t.is(socket.messages.length, qtys.length)
  socket.close()
})

test.serial('subscribers spread over the write slots each get every trade once, in commit order', async (t) => {
  // More subscribers than the stream has write slots (each slot is written in turn while trades
  // keep coming): every one of them still gets every trade, one message per frame.
  const sockets = await Promise.all(
    Array.from({length: 20}, () => connect(wsUrl(node, '/api/v1/exchange/ws/trades/?ticker=TRX-USDT'))),
  )
  const seller = await trader(node, {TRX: '100000'})
  const buyer = await trader(node, {USDT: '100000'})
  await node.services.trading.place(seller.id, {ticker: 'TRX-USDT', side: 'sell', type: 'limit', price: '0.3', qty: '10000'})
  const qtys = await buyInBursts(buyer.id, 40)
  for (const socket of sockets) {
    const received = []
    for (let i = 0; i < qtys.length; i++) received.push(await socket.next())
    t.deepEqual(
      received.map((trade) => trade.qty),
      qtys,
    )
  }
  await delay(100)
  t.deepEqual(
    sockets.map((socket) => socket.messages.length),
    sockets.map(() => qtys.length),
  )
  for (const socket of sockets) socket.close()
})

test.serial('subscribers who join or leave while trades flow do not disturb the others', async (t) => {
  const stay = await connect(wsUrl(node, '/api/v1/exchange/ws/trades/?ticker=TRX-USDT'))
  const leave = await Promise.all(
    Array.from({length: 9}, () => connect(wsUrl(node, '/api/v1/exchange/ws/trades/?ticker=TRX-USDT'))),
  )
  const seller = await trader(node, {TRX: '100000'})
  const buyer = await trader(node, {USDT: '100000'})
  await node.services.trading.place(seller.id, {ticker: 'TRX-USDT', side: 'sell', type: 'limit', price: '0.3', qty: '10000'})
  const flowing = buyInBursts(buyer.id, 60)
  await delay(5)
  for (const socket of leave) socket.close()
  const late = await connect(wsUrl(node, '/api/v1/exchange/ws/trades/?ticker=TRX-USDT'))
  const qtys = await flowing
  await delay(200)
  t.deepEqual(
    stay.messages.map((trade) => trade.qty),
    qtys,
  )
  // The late subscriber gets the trades from some point on: no gap, nothing twice, in order.
  const got = late.messages.map((trade) => trade.qty)
  t.deepEqual(got, qtys.slice(qtys.length - got.length))
  stay.close()
  late.close()
})

test.serial('after every subscriber of a ticker left, a new one gets its next trades', async (t) => {
  const first = await connect(wsUrl(node, '/api/v1/exchange/ws/trades/?ticker=TRX-USDT'))
  first.close()
  await first.closed
  const socket = await connect(wsUrl(node, '/api/v1/exchange/ws/trades/?ticker=TRX-USDT'))
  const seller = await trader(node, {TRX: '1000'})
  const buyer = await trader(node, {USDT: '1000'})
  await node.services.trading.place(seller.id, {ticker: 'TRX-USDT', side: 'sell', type: 'limit', price: '0.3', qty: '100'})
  await node.services.trading.place(buyer.id, {ticker: 'TRX-USDT', side: 'buy', type: 'market', qty: '7'})
  t.like(await socket.next(), {ticker: 'TRX-USDT', qty: '7'})
  socket.close()
})

test.serial('when the event loop was held up, every write slot that fell due is served by the next tick', async (t) => {
  // The slots are normally written one per tick (every 2.5 ms). After a long turn (here a 40 ms
  // busy loop, in production a slow commit) the first tick serves every slot that fell due, rather
  // than one slot per loop turn, which would stretch each subscriber's interval.
  const sockets = await Promise.all(
    Array.from({length: 16}, () => connect(wsUrl(node, '/api/v1/exchange/ws/trades/?ticker=TRX-USDT'))),
  )
  const seller = await trader(node, {TRX: '1000'})
  const buyer = await trader(node, {USDT: '1000'})
  await node.services.trading.place(seller.id, {ticker: 'TRX-USDT', side: 'sell', type: 'limit', price: '0.3', qty: '100'})
  // The first trade after a quiet spell goes to everyone at once and starts the sweep; the second
  // one is queued for each slot's turn.
  await node.services.trading.place(buyer.id, {ticker: 'TRX-USDT', side: 'buy', type: 'market', qty: '3'})
  await node.services.trading.place(buyer.id, {ticker: 'TRX-USDT', side: 'buy', type: 'market', qty: '4'})
  const until = performance.now() + 40
  while (performance.now() < until) {
    // Holds the event loop, as a long commit would.
  }
  // One timers phase (the overdue tick runs before this 0 ms timer), then a few loop turns for the
  // clients to read what is already in their sockets.
  await delay(0)
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve))
  t.deepEqual(
    sockets.map((socket) => socket.messages.map((trade) => trade.qty)),
    sockets.map(() => ['3', '4']),
  )
  for (const socket of sockets) socket.close()
})

test.serial('a missing or unknown ticker refuses the upgrade', async (t) => {
  const missing = await refusal(wsUrl(node, '/api/v1/exchange/ws/trades/'))
  t.is(missing.status, 400)
  t.is(missing.body.error.code, 'invalid_argument')
  const unknown = await refusal(wsUrl(node, '/api/v1/exchange/ws/trades/?ticker=NOPE-USDT'))
  t.is(unknown.status, 404)
  t.is(unknown.body.error.code, 'not_found')
})

/** Market buys of 10, 11, ... in batches of one and of several a few ms apart; resolves with their qtys. */
async function buyInBursts(buyerId: string, count: number): Promise<string[]> {
  const qtys = Array.from({length: count}, (_, i) => String(10 + i))
  for (const [i, qty] of qtys.entries()) {
    const taker = node.services.trading.place(buyerId, {ticker: 'TRX-USDT', side: 'buy', type: 'market', qty})
    if (i % 3 === 2) await taker
  }
  return qtys
}
