/**
 * Stop orders as ccxt 4.5.84 places them, changed by its URLs only (test/helpers/binance.ts), on a
 * real node (docs/binance-compat.md "Stop orders, replace and self-trade prevention"): `stopLossPrice`,
 * `takeProfitPrice` and `triggerPrice` become STOP_LOSS(_LIMIT) and TAKE_PROFIT(_LIMIT); a stop waits
 * out of the book with its funds held until two other accounts trade the last price to it, then fills;
 * a stop-market buy takes a budget, not an amount; a stop the price has reached is refused; cancel,
 * editOrder (cancel and re-create in one call), the user data stream's reports of a stop, and a restart
 * of the node.
 */
import test, {type ExecutionContext} from 'ava'
import {CcxtNode, recordRequests, subscribeParams, wsApi, type CcxtBinance} from '../../helpers/binance.js'
import {freshPair, startMarketNode} from '../../helpers/market.js'
import {tempDir, type TestNode} from '../../helpers/node.js'
import {trader, type Trader} from '../../helpers/rest.js'

let ccxt: CcxtNode
let node: TestNode
test.before(async () => {
  ccxt = new CcxtNode(await startMarketNode())
  node = ccxt.node
})
test.after.always(async () => {
  await ccxt?.close()
})

const FUNDS = {base: '100', usdt: '10000'}

/** Three funded accounts on a fresh pair: one places stops, a maker and a taker trade to move the last price. */
async function market(on: CcxtNode, prefix: string) {
  const symbol = freshPair(on.node, prefix)
  const base = symbol.split('-')[0]!
  const people = await Promise.all([0, 1, 2].map(() => trader(on.node, {[base]: FUNDS.base, USDT: FUNDS.usdt})))
  return connect(on, symbol.replace('-', '/'), base, people)
}

/** ccxt clients of the three accounts on a node (again after a restart). */
async function connect(on: CcxtNode, unified: string, base: string, people: Trader[]) {
  const [stopper, maker, taker] = await Promise.all(people.map((who) => on.client({apiKey: who.apiKey, secret: who.apiSecret})))
  /** The maker rests `qty` at `price` and the taker takes it: one trade, and the last price is `price`. */
  async function tradeAt(price: number, aggressor: 'buy' | 'sell', qty = 0.1) {
    await maker!.createOrder(unified, 'limit', aggressor === 'buy' ? 'sell' : 'buy', qty, price)
    const taken = await taker!.createOrder(unified, 'limit', aggressor, qty, price, {timeInForce: 'IOC'})
    if (taken.status !== 'closed' || taken.average !== price) throw new Error(`no trade at ${price}: ${JSON.stringify(taken)}`)
  }
  return {unified, base, people, stopper: stopper!, maker: maker!, taker: taker!, tradeAt}
}

type Market = Awaited<ReturnType<typeof market>>

/** free and used of an asset as ccxt's fetchBalance reads them. */
async function balance(exchange: CcxtBinance, asset: string) {
  const {free, used} = (await exchange.fetchBalance())[asset]!
  return {free, used}
}

/** The `type` and the stop price ccxt sent in the requests recorded since the last call. */
function sent(requests: ReturnType<typeof recordRequests>) {
  return requests.splice(0).map(({method, url, params}) => ({
    request: `${method} ${new URL(url).pathname}`,
    type: params.get('type'),
    stopPrice: params.get('stopPrice'),
    quantity: params.get('quantity'),
    quoteOrderQty: params.get('quoteOrderQty'),
  }))
}

/** What a waiting stop must look like to ccxt: open, in no book, listed by fetchOpenOrders, waiting (workingTime -1). */
async function assertWaiting(t: ExecutionContext, m: Market, id: string, triggerPrice: number) {
  const order = await m.stopper.fetchOrder(id, m.unified)
  t.like(order, {id, status: 'open', filled: 0, triggerPrice, stopPrice: triggerPrice})
  t.like(order.info, {status: 'NEW', isWorking: false, workingTime: -1, stopPrice: String(triggerPrice)})
  t.true(order.timestamp! > 0, 'fetchOrder reads the placement time')
  t.true(
    (await m.stopper.fetchOpenOrders(m.unified)).some((open) => open.id === id),
    'fetchOpenOrders lists a waiting stop',
  )
  const book = await m.taker.fetchOrderBook(m.unified)
  t.false(
    [...book.bids, ...book.asks].some(([price]) => price === order.price),
    'a waiting stop is in no book',
  )
  return order
}

/** After the trigger: the same order, filled, worked from its trigger time on, placed when it was placed. */
async function assertTriggered(t: ExecutionContext, m: Market, waiting: Awaited<ReturnType<typeof assertWaiting>>) {
  const done = await m.stopper.fetchOrder(waiting.id!, m.unified)
  t.like(done, {id: waiting.id, status: 'closed', remaining: 0, timestamp: waiting.timestamp, triggerPrice: waiting.triggerPrice})
  t.like(done.info, {status: 'FILLED', isWorking: true})
  t.true((done.info as {workingTime: number}).workingTime >= waiting.timestamp!)
  t.deepEqual(await m.stopper.fetchOpenOrders(m.unified), [])
  const [trade, ...more] = await m.stopper.fetchMyTrades(m.unified)
  t.like(trade, {order: waiting.id, takerOrMaker: 'taker'}, 'the stop entered the book as a taker')
  return {done, trades: [trade!, ...more]}
}

test('stop-loss limit sell (stopLossPrice): STOP_LOSS_LIMIT waits with its amount held, a trade at 90 triggers it, it sells at the bid', async (t) => {
  const m = await market(ccxt, 'CSL')
  await m.tradeAt(100, 'buy')
  const requests = recordRequests(m.stopper)
  const placed = await m.stopper.createOrder(m.unified, 'limit', 'sell', 2, 89, {stopLossPrice: 90})
  t.deepEqual(sent(requests), [
    {request: 'POST /api/v3/order', type: 'STOP_LOSS_LIMIT', stopPrice: '90', quantity: '2', quoteOrderQty: null},
  ])
  t.like(placed, {type: 'limit', side: 'sell', status: 'open', price: 89, amount: 2, triggerPrice: 90, stopPrice: 90})
  t.like(placed.info, {type: 'STOP_LOSS_LIMIT', workingTime: -1})
  // ccxt 4.5.84 reads a place answer's time from workingTime before transactTime: -1 while the stop waits.
  t.is(placed.timestamp, -1)
  t.deepEqual(await balance(m.stopper, m.base), {free: 98, used: 2})
  await m.maker.createOrder(m.unified, 'limit', 'buy', 3, 89.5)
  // A trade above the stop price leaves it waiting.
  await m.tradeAt(95, 'sell')
  const waiting = await assertWaiting(t, m, placed.id!, 90)
  await m.tradeAt(90, 'sell')
  const {done, trades} = await assertTriggered(t, m, waiting)
  t.like(done, {type: 'limit', filled: 2, average: 89.5, cost: 179})
  t.deepEqual(
    trades.map((trade) => [trade.price, trade.amount]),
    [[89.5, 2]],
  )
  t.deepEqual(await balance(m.stopper, m.base), {free: 98, used: 0})
  // 179 USDT less the taker's 0.2%.
  t.deepEqual(await balance(m.stopper, 'USDT'), {free: 10178.642, used: 0})
  t.true(node.services.ledger.verify().ok)
})

test('take-profit limit sell (takeProfitPrice): TAKE_PROFIT_LIMIT waits below its price and triggers as the price rises to it', async (t) => {
  const m = await market(ccxt, 'CTP')
  await m.tradeAt(100, 'buy')
  const requests = recordRequests(m.stopper)
  const placed = await m.stopper.createOrder(m.unified, 'limit', 'sell', 1, 109, {takeProfitPrice: 110})
  t.deepEqual(sent(requests), [
    {request: 'POST /api/v3/order', type: 'TAKE_PROFIT_LIMIT', stopPrice: '110', quantity: '1', quoteOrderQty: null},
  ])
  t.like(placed, {type: 'limit', side: 'sell', status: 'open', price: 109, triggerPrice: 110})
  t.deepEqual(await balance(m.stopper, m.base), {free: 99, used: 1})
  // A fall does not trigger a take-profit sell, nor a rise short of its price.
  await m.tradeAt(90, 'sell')
  await m.tradeAt(109.99, 'buy')
  await m.maker.createOrder(m.unified, 'limit', 'buy', 2, 109.5)
  const waiting = await assertWaiting(t, m, placed.id!, 110)
  await m.tradeAt(110, 'buy')
  const {done} = await assertTriggered(t, m, waiting)
  t.like(done, {filled: 1, average: 109.5})
  t.deepEqual(await balance(m.stopper, m.base), {free: 99, used: 0})
  t.deepEqual(await balance(m.stopper, 'USDT'), {free: 10109.281, used: 0})
  t.true(node.services.ledger.verify().ok)
})

test('stop-loss market sell (market, stopLossPrice): STOP_LOSS with no price, triggered, it sells down the bids', async (t) => {
  const m = await market(ccxt, 'CSM')
  await m.tradeAt(100, 'buy')
  const requests = recordRequests(m.stopper)
  const placed = await m.stopper.createOrder(m.unified, 'market', 'sell', 2, undefined, {stopLossPrice: 90})
  const [request] = sent(requests)
  t.like(request, {type: 'STOP_LOSS', stopPrice: '90', quantity: '2'})
  t.like(placed, {type: 'market', side: 'sell', status: 'open', amount: 2, triggerPrice: 90})
  t.like(placed.info, {type: 'STOP_LOSS', price: '0', workingTime: -1})
  t.deepEqual(await balance(m.stopper, m.base), {free: 98, used: 2})
  await m.maker.createOrder(m.unified, 'limit', 'buy', 1, 89)
  await m.maker.createOrder(m.unified, 'limit', 'buy', 2, 88)
  const waiting = await assertWaiting(t, m, placed.id!, 90)
  await m.tradeAt(90, 'sell')
  const {done, trades} = await assertTriggered(t, m, waiting)
  t.like(done, {type: 'market', filled: 2, average: 88.5, cost: 177})
  t.deepEqual(
    trades.map((trade) => [trade.price, trade.amount]),
    [
      [89, 1],
      [88, 1],
    ],
  )
  t.deepEqual(await balance(m.stopper, m.base), {free: 98, used: 0})
  t.deepEqual(await balance(m.stopper, 'USDT'), {free: 10176.646, used: 0})
  t.true(node.services.ledger.verify().ok)
})

test('a buy by triggerPrice: STOP_LOSS_LIMIT BUY holds price x amount, triggers as the price rises to it, buys, and gives back the rest', async (t) => {
  const m = await market(ccxt, 'CTB')
  await m.tradeAt(100, 'buy')
  const requests = recordRequests(m.stopper)
  const placed = await m.stopper.createOrder(m.unified, 'limit', 'buy', 1, 111, {triggerPrice: 110})
  t.deepEqual(sent(requests), [
    {request: 'POST /api/v3/order', type: 'STOP_LOSS_LIMIT', stopPrice: '110', quantity: '1', quoteOrderQty: null},
  ])
  t.like(placed, {type: 'limit', side: 'buy', status: 'open', price: 111, triggerPrice: 110})
  t.deepEqual(await balance(m.stopper, 'USDT'), {free: 9889, used: 111})
  await m.maker.createOrder(m.unified, 'limit', 'sell', 2, 110.5)
  const waiting = await assertWaiting(t, m, placed.id!, 110)
  await m.tradeAt(110, 'buy')
  const {done} = await assertTriggered(t, m, waiting)
  t.like(done, {side: 'buy', filled: 1, average: 110.5, cost: 110.5})
  t.deepEqual(await balance(m.stopper, 'USDT'), {free: 9889.5, used: 0})
  // 1 bought less the taker's 0.2% in the base asset.
  t.deepEqual(await balance(m.stopper, m.base), {free: 100.998, used: 0})
  t.true(node.services.ledger.verify().ok)
})

test('stop-market buy: by amount ccxt raises InvalidOrder (-1013, LOT_SIZE) and nothing is held; by cost through the implicit API it spends at most its budget', async (t) => {
  const m = await market(ccxt, 'CSB')
  await m.tradeAt(100, 'buy')
  const requests = recordRequests(m.stopper)
  const byAmount = await t.throwsAsync(m.stopper.createOrder(m.unified, 'market', 'buy', 1, undefined, {stopLossPrice: 110}))
  t.is(byAmount?.constructor.name, 'InvalidOrder')
  t.regex(byAmount!.message, /-1013.*takes quoteOrderQty, not quantity/)
  // createMarketBuyOrderWithCost with a stop price sends the cost as the quantity (ccxt drops `cost` for
  // STOP_LOSS): refused the same way, never a buy of 50 base.
  const withCost = await t.throwsAsync(m.stopper.createMarketBuyOrderWithCost(m.unified, 50, {stopLossPrice: 110}))
  t.is(withCost?.constructor.name, 'InvalidOrder')
  t.like(sent(requests), [
    {type: 'STOP_LOSS', quantity: '1', quoteOrderQty: null},
    {type: 'STOP_LOSS', quantity: '50', quoteOrderQty: null},
  ])
  t.deepEqual(await balance(m.stopper, 'USDT'), {free: 10000, used: 0})
  t.deepEqual(await m.stopper.fetchOpenOrders(m.unified), [])
  // ccxt's unified createOrder always sends `quantity` for STOP_LOSS; its implicit API sends what it is given.
  const raw = await m.stopper.privatePostOrder({
    symbol: m.stopper.marketId(m.unified),
    side: 'BUY',
    type: 'STOP_LOSS',
    quoteOrderQty: '50',
    stopPrice: '110',
    newOrderRespType: 'RESULT',
  })
  const placed = m.stopper.parseOrder(raw, m.stopper.market(m.unified))
  t.like(placed, {type: 'market', side: 'buy', status: 'open', triggerPrice: 110})
  t.like(placed.info, {type: 'STOP_LOSS', origQuoteOrderQty: '50', workingTime: -1})
  t.deepEqual(await balance(m.stopper, 'USDT'), {free: 9950, used: 50})
  await m.maker.createOrder(m.unified, 'limit', 'sell', 0.2, 110.5)
  await m.maker.createOrder(m.unified, 'limit', 'sell', 1, 111)
  const waiting = await assertWaiting(t, m, placed.id!, 110)
  await m.tradeAt(110, 'buy')
  const {done} = await assertTriggered(t, m, waiting)
  // 0.2 at 110.5 (22.1), then the most whole lots 27.9 buys at 111: 0.251 (27.861).
  t.like(done, {filled: 0.451, cost: 49.961})
  t.like(done.info, {origQty: '0.451', origQuoteOrderQty: '50'}, 'sized when it triggered; the budget is kept')
  t.true(done.cost! <= 50)
  t.deepEqual(await balance(m.stopper, 'USDT'), {free: 9950.039, used: 0})
  t.true(node.services.ledger.verify().ok)
})

test('a stop the last price has already reached: ccxt raises OrderImmediatelyFillable (-2010 "Order would trigger immediately."), nothing held', async (t) => {
  const m = await market(ccxt, 'CSI')
  await m.tradeAt(100, 'buy')
  const stopLoss = await t.throwsAsync(m.stopper.createOrder(m.unified, 'limit', 'sell', 1, 99, {stopLossPrice: 100}))
  t.is(stopLoss?.constructor.name, 'OrderImmediatelyFillable')
  t.regex(stopLoss!.message, /Order would trigger immediately\./)
  const takeProfit = await t.throwsAsync(m.stopper.createOrder(m.unified, 'market', 'sell', 1, undefined, {takeProfitPrice: 99}))
  t.is(takeProfit?.constructor.name, 'OrderImmediatelyFillable')
  const buy = await t.throwsAsync(m.stopper.createOrder(m.unified, 'limit', 'buy', 1, 101, {triggerPrice: 100}))
  t.is(buy?.constructor.name, 'OrderImmediatelyFillable')
  t.deepEqual(await balance(m.stopper, m.base), {free: 100, used: 0})
  t.deepEqual(await balance(m.stopper, 'USDT'), {free: 10000, used: 0})
  t.deepEqual(await m.stopper.fetchOpenOrders(m.unified), [])
})

test('cancelOrder of a waiting stop: canceled, its hold released, no longer listed, and a trade through its price does nothing', async (t) => {
  const m = await market(ccxt, 'CSX')
  await m.tradeAt(100, 'buy')
  const stopLoss = await m.stopper.createOrder(m.unified, 'limit', 'sell', 2, 89, {stopLossPrice: 90})
  const buyStop = await m.stopper.createOrder(m.unified, 'limit', 'buy', 1, 121, {triggerPrice: 120})
  t.deepEqual(
    (await m.stopper.fetchOpenOrders(m.unified)).map((order) => [order.id, order.triggerPrice, order.status]),
    [
      [stopLoss.id, 90, 'open'],
      [buyStop.id, 120, 'open'],
    ],
  )
  t.deepEqual(await balance(m.stopper, m.base), {free: 98, used: 2})
  t.deepEqual(await balance(m.stopper, 'USDT'), {free: 9879, used: 121})
  const cancelled = await m.stopper.cancelOrder(stopLoss.id!, m.unified)
  t.like(cancelled, {id: stopLoss.id, status: 'canceled', triggerPrice: 90, filled: 0})
  t.deepEqual(await balance(m.stopper, m.base), {free: 100, used: 0})
  t.deepEqual(
    (await m.stopper.fetchOpenOrders(m.unified)).map((order) => order.id),
    [buyStop.id],
  )
  t.like(await m.stopper.cancelOrder(buyStop.id!, m.unified), {status: 'canceled'})
  t.deepEqual(await balance(m.stopper, 'USDT'), {free: 10000, used: 0})
  t.deepEqual(await m.stopper.fetchOpenOrders(m.unified), [])
  await m.tradeAt(90, 'sell')
  await m.tradeAt(120, 'buy')
  t.like(await m.stopper.fetchOrder(stopLoss.id!, m.unified), {status: 'canceled', filled: 0})
  t.like(await m.stopper.fetchOrder(buyStop.id!, m.unified), {status: 'canceled', filled: 0})
  t.deepEqual(await balance(m.stopper, m.base), {free: 100, used: 0})
  t.true(node.services.ledger.verify().ok)
})

test('editOrder of a waiting stop-limit (a new triggerPrice): one cancelReplace, the old one canceled, the new one waits, holding once', async (t) => {
  const m = await market(ccxt, 'CSE')
  await m.tradeAt(100, 'buy')
  const old = await m.stopper.createOrder(m.unified, 'limit', 'sell', 2, 94, {stopLossPrice: 95})
  const requests = recordRequests(m.stopper)
  // editOrder reads `triggerPrice` (or `stopPrice`), not stopLossPrice; it sends both spellings.
  const edited = await m.stopper.editOrder(old.id!, m.unified, 'limit', 'sell', 2, 96, {triggerPrice: 97})
  t.deepEqual(sent(requests), [
    {request: 'POST /api/v3/order/cancelReplace', type: 'STOP_LOSS_LIMIT', stopPrice: '97', quantity: '2', quoteOrderQty: null},
  ])
  t.like(edited, {type: 'limit', side: 'sell', status: 'open', price: 96, amount: 2, triggerPrice: 97})
  t.not(edited.id, old.id)
  t.like(await m.stopper.fetchOrder(old.id!, m.unified), {status: 'canceled', triggerPrice: 95})
  t.deepEqual(
    (await m.stopper.fetchOpenOrders(m.unified)).map((order) => [order.id, order.triggerPrice]),
    [[edited.id, 97]],
  )
  t.deepEqual(await balance(m.stopper, m.base), {free: 98, used: 2})
  // A new stop price the last price has already reached: the old stop is cancelled all the same (-2021),
  // as a cancel then a create would leave it; the position is unprotected until the bot places one again.
  const reached = await t.throwsAsync(m.stopper.editOrder(edited.id!, m.unified, 'limit', 'sell', 2, 99, {triggerPrice: 100}))
  t.regex(reached!.message, /-2021.*Order would trigger immediately/)
  t.deepEqual(await m.stopper.fetchOpenOrders(m.unified), [])
  t.deepEqual(await balance(m.stopper, m.base), {free: 100, used: 0})
  const again = await m.stopper.createOrder(m.unified, 'limit', 'sell', 2, 96, {stopLossPrice: 97})
  await m.maker.createOrder(m.unified, 'limit', 'buy', 2, 96.5)
  await m.tradeAt(97, 'sell')
  t.like(await m.stopper.fetchOrder(again.id!, m.unified), {status: 'closed', filled: 2, average: 96.5})
  t.like(await m.stopper.fetchOrder(edited.id!, m.unified), {status: 'canceled', filled: 0})
  t.true(node.services.ledger.verify().ok)
})

test('the user data stream (what watchOrders reads): NEW with W -1 when placed, NEW again with W when triggered, then TRADE; P the stop price', async (t) => {
  const m = await market(ccxt, 'CSU')
  await m.tradeAt(100, 'buy')
  const socket = await wsApi(node)
  t.teardown(() => socket.close())
  await socket.request('userDataStream.subscribe.signature', subscribeParams(m.people[0]!))
  const placed = await m.stopper.createOrder(m.unified, 'limit', 'sell', 1, 89, {stopLossPrice: 90})
  const report = (x: string) => (message: any) => message.event?.e === 'executionReport' && message.event.x === x
  const created = (await socket.next(report('NEW'))).event
  t.like(created, {i: Number(placed.id), o: 'STOP_LOSS_LIMIT', X: 'NEW', P: '90', p: '89', W: -1})
  await m.maker.createOrder(m.unified, 'limit', 'buy', 1, 89.5)
  await m.tradeAt(90, 'sell')
  const triggered = (await socket.next(report('NEW'))).event
  t.like(triggered, {i: Number(placed.id), o: 'STOP_LOSS_LIMIT', X: 'NEW', P: '90', O: created.O})
  t.true(triggered.W >= created.O, 'W: when it entered the book')
  t.like((await socket.next(report('TRADE'))).event, {i: Number(placed.id), X: 'FILLED', L: '89.5', l: '1', W: triggered.W})
})

test('a restart keeps waiting stops: the same ids, still held; a trade after it triggers one', async (t) => {
  const dataDir = tempDir()
  const first = new CcxtNode(await startMarketNode({dataDir}))
  const m = await market(first, 'CSR')
  await m.tradeAt(100, 'buy')
  const stopLoss = await m.stopper.createOrder(m.unified, 'limit', 'sell', 2, 89, {stopLossPrice: 90})
  const takeProfit = await m.stopper.createOrder(m.unified, 'market', 'sell', 1, undefined, {takeProfitPrice: 110})
  await first.stop()
  const second = new CcxtNode(await startMarketNode({dataDir}))
  try {
    const again = await connect(second, m.unified, m.base, m.people)
    t.deepEqual(
      (await again.stopper.fetchOpenOrders(m.unified)).map((order) => [
        order.id,
        order.type,
        order.triggerPrice,
        order.info.workingTime,
      ]),
      [
        [stopLoss.id, 'limit', 90, -1],
        [takeProfit.id, 'market', 110, -1],
      ],
    )
    t.deepEqual(await balance(again.stopper, m.base), {free: 97, used: 3})
    // The last price came back too: a stop it has reached is still refused.
    const reached = await t.throwsAsync(again.stopper.createOrder(m.unified, 'limit', 'sell', 1, 99, {stopLossPrice: 100}))
    t.is(reached?.constructor.name, 'OrderImmediatelyFillable')
    await again.maker.createOrder(m.unified, 'limit', 'buy', 2, 89.5)
    await again.tradeAt(90, 'sell')
    t.like(await again.stopper.fetchOrder(stopLoss.id!, m.unified), {id: stopLoss.id, status: 'closed', filled: 2, average: 89.5})
    t.like(await again.stopper.fetchOrder(takeProfit.id!, m.unified), {status: 'open', filled: 0})
    t.deepEqual(await balance(again.stopper, m.base), {free: 97, used: 1})
    t.true(second.node.services.ledger.verify().ok)
  } finally {
    await second.close()
  }
})
