/**
 * Stop orders and self-trade prevention on the Binance form, raw (docs/binance-compat.md "Stop
 * orders, replace and self-trade prevention"): what each stop type takes and refuses, how its
 * order reads before and after the trigger, the execution reports at placement and at the trigger,
 * and the self-trade modes with EXPIRED_IN_MATCH.
 */
import test from 'ava'
import {assertBinanceError, signedV3, subscribeParams, v3, wsApi, type WsApiClient} from '../../helpers/binance.js'
import {freshPair, startMarketNode} from '../../helpers/market.js'
import type {TestNode} from '../../helpers/node.js'
import {trader} from '../../helpers/rest.js'

let node: TestNode
const sockets: WsApiClient[] = []
test.before(async () => {
  node = await startMarketNode()
})
test.after.always(async () => {
  for (const socket of sockets) socket.close()
  await node?.close()
})

const isReport = (message: any) => message.event?.e === 'executionReport'

/** A fresh pair whose last trade is at 100, and three funded accounts. */
async function market(prefix: string) {
  const symbol = freshPair(node, prefix)
  const pair = symbol.replace('-', '')
  const base = symbol.split('-')[0]!
  const maker = await trader(node, {[base]: '100', USDT: '100000'})
  const taker = await trader(node, {[base]: '100', USDT: '100000'})
  const stopper = await trader(node, {[base]: '10', USDT: '1000'})
  const order = (who: typeof maker, params: Record<string, string>) =>
    signedV3(node, who, 'POST', '/api/v3/order', {symbol: pair, ...params})
  const trade = async (price: string) => {
    await order(maker, {side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.01', price})
    const taken = await order(taker, {side: 'BUY', type: 'LIMIT', timeInForce: 'IOC', quantity: '0.01', price})
    if (taken.body.status !== 'FILLED') throw new Error(`no trade at ${price}: ${JSON.stringify(taken.body)}`)
  }
  await trade('100')
  return {pair, base, maker, taker, stopper, order, trade}
}

test('exchangeInfo lists the stop types and the four self-trade prevention modes', async (t) => {
  const {body} = await v3(node, '/api/v3/exchangeInfo?symbol=BTCUSDT')
  t.deepEqual(body.symbols[0].orderTypes, [
    'LIMIT',
    'LIMIT_MAKER',
    'MARKET',
    'STOP_LOSS',
    'STOP_LOSS_LIMIT',
    'TAKE_PROFIT',
    'TAKE_PROFIT_LIMIT',
  ])
  t.deepEqual(body.symbols[0].allowedSelfTradePreventionModes, ['NONE', 'EXPIRE_TAKER', 'EXPIRE_MAKER', 'EXPIRE_BOTH'])
})

test('which parameters each stop type takes, and the refusals', async (t) => {
  const {order, stopper} = await market('BP')
  const place = (params: Record<string, string>) => order(stopper, params)
  assertBinanceError(t, await place({side: 'SELL', type: 'STOP_LOSS', quantity: '1'}), 400, -1102, /stopPrice/)
  assertBinanceError(
    t,
    await place({side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: '1', price: '120', stopPrice: '90'}),
    400,
    -1106,
  )
  assertBinanceError(
    t,
    await place({side: 'SELL', type: 'STOP_LOSS_LIMIT', quantity: '1', price: '89', stopPrice: '90'}),
    400,
    -1102,
    /timeInForce/,
  )
  assertBinanceError(t, await place({side: 'SELL', type: 'STOP_LOSS', quantity: '1', stopPrice: '90', price: '89'}), 400, -1106)
  assertBinanceError(
    t,
    await place({side: 'SELL', type: 'STOP_LOSS', quantity: '1', stopPrice: '90', trailingDelta: '100'}),
    400,
    -1106,
  )
  // A stop-market buy holds its quote budget: by quantity there is nothing to hold.
  assertBinanceError(t, await place({side: 'BUY', type: 'STOP_LOSS', quantity: '1', stopPrice: '110'}), 400, -1013)
  // The last price (100) has already reached these.
  assertBinanceError(
    t,
    await place({side: 'SELL', type: 'STOP_LOSS', quantity: '1', stopPrice: '100'}),
    400,
    -2010,
    'Order would trigger immediately.',
  )
  assertBinanceError(t, await place({side: 'SELL', type: 'TAKE_PROFIT', quantity: '1', stopPrice: '99'}), 400, -2010)
  assertBinanceError(
    t,
    await place({side: 'BUY', type: 'TAKE_PROFIT_LIMIT', timeInForce: 'GTC', quantity: '1', price: '101', stopPrice: '101'}),
    400,
    -2010,
  )
  assertBinanceError(
    t,
    await place({
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '1',
      price: '1',
      selfTradePreventionMode: 'DECREMENT',
    }),
    400,
    -1100,
  )
  const open = await signedV3(node, stopper, 'GET', '/api/v3/openOrders', {})
  t.deepEqual(open.body, [])
  // Both names sent (ccxt's editOrder: stopPrice on the tick, triggerPrice as given): stopPrice is taken.
  const both = await place({
    side: 'SELL',
    type: 'STOP_LOSS',
    quantity: '1',
    stopPrice: '90',
    triggerPrice: '90.004',
    newOrderRespType: 'RESULT',
  })
  t.like(both.body, {status: 'NEW', stopPrice: '90'})
})

test('a STOP_LOSS_LIMIT waits (NEW, workingTime -1, held), triggers on the last price and trades; NEW reports at placement and at the trigger', async (t) => {
  const {pair, base, order, stopper, maker, taker} = await market('BS')
  const socket = await wsApi(node)
  sockets.push(socket)
  await socket.request('userDataStream.subscribe.signature', subscribeParams(stopper))
  const placed = await order(stopper, {
    side: 'SELL',
    type: 'STOP_LOSS_LIMIT',
    timeInForce: 'GTC',
    quantity: '2',
    price: '94',
    triggerPrice: '95',
    newClientOrderId: 'stop.1',
  })
  t.is(placed.status, 200, JSON.stringify(placed.body))
  // Not LIMIT or MARKET: the answer is an ACK unless asked.
  t.deepEqual(Object.keys(placed.body).sort(), ['clientOrderId', 'orderId', 'orderListId', 'symbol', 'transactTime'])
  const waiting = (await signedV3(node, stopper, 'GET', '/api/v3/order', {symbol: pair, orderId: placed.body.orderId})).body
  t.like(waiting, {
    type: 'STOP_LOSS_LIMIT',
    side: 'SELL',
    status: 'NEW',
    stopPrice: '95',
    price: '94',
    origQty: '2',
    isWorking: false,
    workingTime: -1,
  })
  const account = (await signedV3(node, stopper, 'GET', '/api/v3/account', {})).body
  t.like(
    account.balances.find((b: any) => b.asset === base),
    {free: '8', locked: '2'},
  )
  const newReport = (await socket.next(isReport)).event
  t.like(newReport, {x: 'NEW', X: 'NEW', o: 'STOP_LOSS_LIMIT', P: '95', p: '94', W: -1, c: 'stop.1', i: placed.body.orderId})
  const depth = (await v3(node, `/api/v3/depth?symbol=${pair}`)).body
  t.deepEqual(depth.asks, [], 'a waiting stop is in no book')

  await order(maker, {side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '1', price: '95'})
  await order(taker, {side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.5', price: '95'})
  const triggerReport = (await socket.next(isReport)).event
  t.like(triggerReport, {x: 'NEW', X: 'NEW', o: 'STOP_LOSS_LIMIT', i: placed.body.orderId})
  t.true(triggerReport.W > 0 && triggerReport.W >= triggerReport.O)
  const trade = (await socket.next(isReport)).event
  t.like(trade, {x: 'TRADE', X: 'PARTIALLY_FILLED', l: '0.5', L: '95', i: placed.body.orderId})
  const after = (await signedV3(node, stopper, 'GET', '/api/v3/order', {symbol: pair, orderId: placed.body.orderId})).body
  t.like(after, {
    status: 'PARTIALLY_FILLED',
    executedQty: '0.5',
    isWorking: true,
    type: 'STOP_LOSS_LIMIT',
    stopPrice: '95',
    time: waiting.time,
  })
  t.true(after.workingTime >= after.time)
  t.deepEqual((await v3(node, `/api/v3/depth?symbol=${pair}`)).body.asks, [['94', '1.5']])
})

test('TAKE_PROFIT buy by quoteOrderQty: held whole, triggers as the price falls to it, sized off the book; origQuoteOrderQty and Q carry the budget', async (t) => {
  const {pair, order, stopper, maker, trade} = await market('BT')
  const placed = await order(stopper, {
    side: 'BUY',
    type: 'TAKE_PROFIT',
    quoteOrderQty: '200',
    stopPrice: '90',
    newOrderRespType: 'RESULT',
  })
  t.like(placed.body, {
    type: 'TAKE_PROFIT',
    status: 'NEW',
    stopPrice: '90',
    origQuoteOrderQty: '200',
    workingTime: -1,
    origQty: '0',
  })
  const usdt = (await signedV3(node, stopper, 'GET', '/api/v3/account', {})).body.balances.find((b: any) => b.asset === 'USDT')
  t.like(usdt, {free: '800', locked: '200'})
  await order(maker, {side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: '5', price: '92'})
  await trade('90')
  const after = (await signedV3(node, stopper, 'GET', '/api/v3/order', {symbol: pair, orderId: placed.body.orderId})).body
  // 200 buys 2.173 at 92 (lot 0.001): 199.916.
  t.like(after, {
    status: 'FILLED',
    executedQty: '2.173',
    cummulativeQuoteQty: '199.916',
    origQuoteOrderQty: '200',
    type: 'TAKE_PROFIT',
  })
  const left = (await signedV3(node, stopper, 'GET', '/api/v3/account', {})).body.balances.find((b: any) => b.asset === 'USDT')
  t.like(left, {free: '800.084', locked: '0'})
  t.true(node.services.ledger.verify().ok)
})

test('a MARKET buy by quoteOrderQty keeps its budget: origQuoteOrderQty on queries, not only on the answer', async (t) => {
  const {pair, order, stopper, maker} = await market('BQ')
  await order(maker, {side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: '5', price: '100'})
  const placed = await order(stopper, {side: 'BUY', type: 'MARKET', quoteOrderQty: '50'})
  t.like(placed.body, {origQuoteOrderQty: '50', status: 'FILLED'})
  const queried = (await signedV3(node, stopper, 'GET', '/api/v3/order', {symbol: pair, orderId: placed.body.orderId})).body
  t.like(queried, {origQuoteOrderQty: '50', executedQty: '0.5'})
})

test('self-trade prevention: EXPIRE_MAKER ends the own resting order as EXPIRED_IN_MATCH and the taker goes on; the default expires the taker, also EXPIRED_IN_MATCH', async (t) => {
  const {pair, order, maker, taker} = await market('BX')
  const own = await order(taker, {side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: '1', price: '101'})
  await order(maker, {side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: '1', price: '101'})
  const buy = await order(taker, {
    side: 'BUY',
    type: 'LIMIT',
    timeInForce: 'GTC',
    quantity: '1',
    price: '101',
    selfTradePreventionMode: 'EXPIRE_MAKER',
  })
  t.like(buy.body, {status: 'FILLED', selfTradePreventionMode: 'EXPIRE_MAKER'})
  const expired = (await signedV3(node, taker, 'GET', '/api/v3/order', {symbol: pair, orderId: own.body.orderId})).body
  t.like(expired, {status: 'EXPIRED_IN_MATCH', selfTradePreventionMode: 'EXPIRE_TAKER'})
  await order(taker, {side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: '1', price: '102'})
  const blocked = await order(taker, {side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '1', price: '102'})
  t.like(blocked.body, {status: 'EXPIRED_IN_MATCH', executedQty: '0', selfTradePreventionMode: 'EXPIRE_TAKER'})
  const both = await order(taker, {
    side: 'BUY',
    type: 'LIMIT',
    timeInForce: 'GTC',
    quantity: '1',
    price: '102',
    selfTradePreventionMode: 'EXPIRE_BOTH',
  })
  t.like(both.body, {status: 'EXPIRED_IN_MATCH'})
  t.deepEqual((await signedV3(node, taker, 'GET', '/api/v3/openOrders', {symbol: pair})).body, [])
  await order(taker, {side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: '1', price: '103'})
  const none = await order(taker, {
    side: 'BUY',
    type: 'LIMIT',
    timeInForce: 'GTC',
    quantity: '1',
    price: '103',
    selfTradePreventionMode: 'NONE',
  })
  t.like(none.body, {status: 'FILLED', selfTradePreventionMode: 'NONE'})
  t.true(node.services.ledger.verify().ok)
})
