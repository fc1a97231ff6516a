/**
 * The signed order endpoints of the Binance form (docs/binance-compat.md "Signed REST (/api/v3/...)"), raw: the shapes typed SDKs rely on
 * (integers where Binance has integers, decimal strings, never a `code` inside an order), which
 * parameters go with which order type, look-ups by orderId and origClientOrderId, and the lists.
 */
import test from 'ava'
import {assertBinanceError, DECIMAL, signedV3} from '../../helpers/binance.js'
import {freshPair, startMarketNode} from '../../helpers/market.js'
import type {TestNode} from '../../helpers/node.js'
import {trader} from '../../helpers/rest.js'

let node: TestNode
test.before(async () => {
  node = await startMarketNode()
})
test.after.always(async () => {
  await node?.close()
})

const ORDER_KEYS = [
  'clientOrderId',
  'cummulativeQuoteQty',
  'executedQty',
  'icebergQty',
  'isWorking',
  'orderId',
  'orderListId',
  'origQty',
  'origQuoteOrderQty',
  'price',
  'selfTradePreventionMode',
  'side',
  'status',
  'stopPrice',
  'symbol',
  'time',
  'timeInForce',
  'type',
  'updateTime',
  'workingTime',
]

/** A fresh pair with two funded traders. */
async function market(prefix: string) {
  const symbol = freshPair(node, prefix)
  const base = symbol.split('-')[0]!
  const [maker, taker] = await Promise.all([0, 1].map(() => trader(node, {[base]: '100', USDT: '10000'})))
  return {pair: symbol.replace('-', ''), base, maker: maker!, taker: taker!}
}

const limit = (pair: string, side: string, quantity: string, price: string, extra: Record<string, string> = {}) => ({
  symbol: pair,
  side,
  type: 'LIMIT',
  timeInForce: 'GTC',
  quantity,
  price,
  ...extra,
})

test('POST /api/v3/order: ACK, RESULT and FULL, with integers and decimal strings where Binance has them', async (t) => {
  const {pair, base, maker, taker} = await market('SO')
  const ack = await signedV3(node, maker, 'POST', '/api/v3/order', limit(pair, 'SELL', '1.5', '10', {newOrderRespType: 'ACK'}))
  t.deepEqual(Object.keys(ack.body).sort(), ['clientOrderId', 'orderId', 'orderListId', 'symbol', 'transactTime'])
  t.true(Number.isSafeInteger(ack.body.orderId) && Number.isSafeInteger(ack.body.transactTime))
  // Placed without a newClientOrderId: the order's own id stands for it, and finds it.
  t.regex(ack.body.clientOrderId, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
  const found = await signedV3(node, maker, 'GET', '/api/v3/order', {symbol: pair, origClientOrderId: ack.body.clientOrderId})
  t.is(found.body.orderId, ack.body.orderId)
  await signedV3(node, maker, 'POST', '/api/v3/order', limit(pair, 'SELL', '1', '11', {newOrderRespType: 'RESULT'}))
  const full = await signedV3(node, taker, 'POST', '/api/v3/order', limit(pair, 'BUY', '2', '11', {newClientOrderId: 'full-1'}))
  t.is(full.status, 200, JSON.stringify(full.body))
  t.like(full.body, {
    symbol: pair,
    clientOrderId: 'full-1',
    orderListId: -1,
    price: '11',
    origQty: '2',
    executedQty: '2',
    cummulativeQuoteQty: '20.5',
    status: 'FILLED',
    timeInForce: 'GTC',
    type: 'LIMIT',
    side: 'BUY',
    selfTradePreventionMode: 'EXPIRE_TAKER',
  })
  t.deepEqual(
    full.body.fills.map((fill: any) => [fill.price, fill.qty, fill.commission, fill.commissionAsset]),
    [
      ['10', '1.5', '0.003', base],
      ['11', '0.5', '0.001', base],
    ],
  )
  t.true(full.body.fills.every((fill: any) => Number.isSafeInteger(fill.tradeId)))
  t.false('code' in full.body)
  const result = await signedV3(node, taker, 'POST', '/api/v3/order', {
    symbol: pair,
    side: 'BUY',
    type: 'MARKET',
    quoteOrderQty: '2.2',
    newOrderRespType: 'RESULT',
  })
  t.like(result.body, {
    type: 'MARKET',
    price: '0',
    origQty: '0.2',
    executedQty: '0.2',
    cummulativeQuoteQty: '2.2',
    status: 'FILLED',
  })
  t.false('fills' in result.body)
  for (const value of [full.body.price, full.body.origQty, full.body.cummulativeQuoteQty]) t.regex(value, DECIMAL)
})

test('GET /api/v3/order by orderId or origClientOrderId: the order object exactly; -2013 for none', async (t) => {
  const {pair, maker, taker} = await market('SG')
  const placed = await signedV3(node, maker, 'POST', '/api/v3/order', limit(pair, 'BUY', '1', '5', {newClientOrderId: 'q-1'}))
  const byId = await signedV3(node, maker, 'GET', '/api/v3/order', {symbol: pair, orderId: placed.body.orderId})
  t.deepEqual(Object.keys(byId.body).sort(), ORDER_KEYS)
  t.like(byId.body, {orderId: placed.body.orderId, clientOrderId: 'q-1', status: 'NEW', isWorking: true, stopPrice: '0'})
  t.true([byId.body.time, byId.body.updateTime, byId.body.workingTime].every(Number.isSafeInteger))
  const byClient = await signedV3(node, maker, 'GET', '/api/v3/order', {symbol: pair, origClientOrderId: 'q-1'})
  t.deepEqual(byClient.body, byId.body)
  const both = await signedV3(node, maker, 'GET', '/api/v3/order', {
    symbol: pair,
    orderId: placed.body.orderId,
    origClientOrderId: 'q-1',
  })
  t.deepEqual(both.body, byId.body)
  const none = 'Order does not exist.'
  assertBinanceError(
    t,
    await signedV3(node, maker, 'GET', '/api/v3/order', {symbol: pair, orderId: placed.body.orderId, origClientOrderId: 'q-2'}),
    400,
    -2013,
    none,
  )
  assertBinanceError(
    t,
    await signedV3(node, maker, 'GET', '/api/v3/order', {symbol: 'BTCUSDT', orderId: placed.body.orderId}),
    400,
    -2013,
    none,
  )
  assertBinanceError(
    t,
    await signedV3(node, taker, 'GET', '/api/v3/order', {symbol: pair, orderId: placed.body.orderId}),
    400,
    -2013,
    none,
  )
  assertBinanceError(t, await signedV3(node, maker, 'GET', '/api/v3/order', {symbol: pair}), 400, -1102)
})

test('DELETE /api/v3/order and /openOrders: the cancelled orders; -2011 for an unknown or ended one; CANCELED vs EXPIRED', async (t) => {
  const {pair, maker, taker} = await market('SD')
  const a = await signedV3(node, maker, 'POST', '/api/v3/order', limit(pair, 'SELL', '1', '20', {newClientOrderId: 'd-1'}))
  const cancelled = await signedV3(node, maker, 'DELETE', '/api/v3/order', {symbol: pair, origClientOrderId: 'd-1'})
  t.like(cancelled.body, {
    orderId: a.body.orderId,
    origClientOrderId: 'd-1',
    status: 'CANCELED',
    executedQty: '0',
  })
  // The cancel named none: Binance's answer names it with an id of its own.
  t.regex(cancelled.body.clientOrderId, /^[A-Za-z0-9]{22}$/)
  const unknown = 'Unknown order sent.'
  assertBinanceError(
    t,
    await signedV3(node, maker, 'DELETE', '/api/v3/order', {symbol: pair, orderId: a.body.orderId}),
    400,
    -2011,
    unknown,
  )
  assertBinanceError(
    t,
    await signedV3(node, maker, 'DELETE', '/api/v3/order', {symbol: pair, orderId: 99_999_999}),
    400,
    -2011,
    unknown,
  )
  await signedV3(node, maker, 'POST', '/api/v3/order', limit(pair, 'SELL', '1', '21'))
  const ioc = await signedV3(node, taker, 'POST', '/api/v3/order', limit(pair, 'BUY', '3', '21', {timeInForce: 'IOC'}))
  t.like(ioc.body, {status: 'EXPIRED', executedQty: '1'})
  for (const price of ['1', '2']) await signedV3(node, maker, 'POST', '/api/v3/order', limit(pair, 'BUY', '1', price))
  const all = await signedV3(node, maker, 'DELETE', '/api/v3/openOrders', {symbol: pair})
  t.deepEqual(
    all.body.map((order: any) => [order.price, order.status]),
    [
      ['1', 'CANCELED'],
      ['2', 'CANCELED'],
    ],
  )
  t.deepEqual((await signedV3(node, maker, 'DELETE', '/api/v3/openOrders', {symbol: pair})).body, [])
})

test("which parameters go with which type: Binance's codes for the rest", async (t) => {
  const {pair, maker} = await market('SP')
  const post = (params: Record<string, string>) => signedV3(node, maker, 'POST', '/api/v3/order', {symbol: pair, ...params})
  assertBinanceError(t, await post({side: 'HOLD', type: 'LIMIT'}), 400, -1117)
  assertBinanceError(t, await post({side: 'BUY', type: 'TRAILING_STOP_MARKET'}), 400, -1116)
  assertBinanceError(t, await post({side: 'BUY', type: 'LIMIT', timeInForce: 'GTX', quantity: '1', price: '1'}), 400, -1115)
  assertBinanceError(t, await post({side: 'BUY', type: 'LIMIT', quantity: '1', price: '1'}), 400, -1102, /timeInForce/)
  assertBinanceError(t, await post({side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '1'}), 400, -1102, /price/)
  assertBinanceError(t, await post({side: 'BUY', type: 'MARKET', quantity: '1', timeInForce: 'GTC'}), 400, -1106)
  assertBinanceError(t, await post({side: 'BUY', type: 'MARKET', quantity: '1', price: '1'}), 400, -1106)
  assertBinanceError(t, await post({side: 'BUY', type: 'MARKET'}), 400, -1102)
  assertBinanceError(t, await post({side: 'SELL', type: 'MARKET', quoteOrderQty: '1'}), 400, -1106, /MARKET BUY/)
  assertBinanceError(t, await post({side: 'BUY', type: 'LIMIT_MAKER', timeInForce: 'GTC', quantity: '1', price: '1'}), 400, -1106)
  assertBinanceError(t, await post({side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '1e0', price: '1'}), 400, -1100)
  const long = 'x'.repeat(37)
  assertBinanceError(
    t,
    await post({side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '1', price: '1', newClientOrderId: long}),
    400,
    -1100,
  )
  assertBinanceError(t, await post({side: 'BUY', type: 'MARKET', quoteOrderQty: '1'}), 400, -2010, /liquidity/)
  const maker_ = await post({side: 'BUY', type: 'LIMIT_MAKER', quantity: '1', price: '1', selfTradePreventionMode: 'NONE'})
  t.deepEqual(
    Object.keys(maker_.body).sort(),
    ['clientOrderId', 'orderId', 'orderListId', 'symbol', 'transactTime'],
    'LIMIT_MAKER answers ACK',
  )
  assertBinanceError(
    t,
    await post({side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '1', price: '1.001'}),
    400,
    -1013,
    'Filter failure: PRICE_FILTER',
  )
  // order/test checks like an order and places nothing.
  const test_ = await signedV3(node, maker, 'POST', '/api/v3/order/test', limit(pair, 'BUY', '1', '1'))
  t.deepEqual(test_.body, {})
  const rates = await signedV3(
    node,
    maker,
    'POST',
    '/api/v3/order/test',
    limit(pair, 'BUY', '1', '1', {computeCommissionRates: 'true'}),
  )
  t.like(rates.body, {standardCommissionForOrder: {maker: '0.001', taker: '0.002'}})
  assertBinanceError(
    t,
    await signedV3(node, maker, 'POST', '/api/v3/order/test', limit(pair, 'BUY', '0.0001', '1')),
    400,
    -1013,
    'Filter failure: LOT_SIZE',
  )
  t.is((await signedV3(node, maker, 'GET', '/api/v3/openOrders', {symbol: pair})).body.length, 1)
})

test('openOrders, allOrders and myTrades: oldest first; orderId, fromId, startTime and limit', async (t) => {
  const {pair, maker, taker} = await market('SL')
  const ids: number[] = []
  for (const price of ['1', '2', '3', '4']) {
    ids.push((await signedV3(node, maker, 'POST', '/api/v3/order', limit(pair, 'BUY', '1', price))).body.orderId)
  }
  await signedV3(node, taker, 'POST', '/api/v3/order', {symbol: pair, side: 'SELL', type: 'MARKET', quantity: '1.5'})
  const open = await signedV3(node, maker, 'GET', '/api/v3/openOrders', {symbol: pair})
  t.deepEqual(
    open.body.map((order: any) => [order.orderId, order.status]),
    [
      [ids[0], 'NEW'],
      [ids[1], 'NEW'],
      [ids[2], 'PARTIALLY_FILLED'],
    ],
  )
  const everywhere = await signedV3(node, maker, 'GET', '/api/v3/openOrders')
  t.is(everywhere.body.length, 3)
  const latest = await signedV3(node, maker, 'GET', '/api/v3/allOrders', {symbol: pair, limit: 2})
  t.deepEqual(
    latest.body.map((order: any) => order.orderId),
    [ids[2], ids[3]],
  )
  const from = await signedV3(node, maker, 'GET', '/api/v3/allOrders', {symbol: pair, orderId: ids[1]!, limit: 2})
  t.deepEqual(
    from.body.map((order: any) => order.orderId),
    [ids[1], ids[2]],
  )
  const since = await signedV3(node, maker, 'GET', '/api/v3/allOrders', {symbol: pair, startTime: Date.now() - 60_000})
  t.deepEqual(
    since.body.map((order: any) => order.orderId),
    ids,
  )
  const trades = await signedV3(node, maker, 'GET', '/api/v3/myTrades', {symbol: pair})
  t.deepEqual(
    trades.body.map((trade: any) => [trade.orderId, trade.price, trade.qty, trade.isBuyer, trade.isMaker]),
    [
      [ids[3], '4', '1', true, true],
      [ids[2], '3', '0.5', true, true],
    ],
  )
  t.deepEqual(Object.keys(trades.body[0]).sort(), [
    'commission',
    'commissionAsset',
    'id',
    'isBestMatch',
    'isBuyer',
    'isMaker',
    'orderId',
    'orderListId',
    'price',
    'qty',
    'quoteQty',
    'symbol',
    'time',
  ])
  const fromId = await signedV3(node, maker, 'GET', '/api/v3/myTrades', {symbol: pair, fromId: trades.body[1].id})
  t.deepEqual(
    fromId.body.map((trade: any) => trade.id),
    [trades.body[1].id],
  )
  const ofOrder = await signedV3(node, maker, 'GET', '/api/v3/myTrades', {symbol: pair, orderId: ids[3]!})
  t.deepEqual(
    ofOrder.body.map((trade: any) => trade.orderId),
    [ids[3]],
  )
  const theirs = await signedV3(node, taker, 'GET', '/api/v3/myTrades', {symbol: pair})
  t.deepEqual(
    theirs.body.map((trade: any) => [trade.isBuyer, trade.isMaker]),
    [
      [false, false],
      [false, false],
    ],
  )
  assertBinanceError(
    t,
    await signedV3(node, maker, 'GET', '/api/v3/myTrades', {symbol: pair, fromId: 1, startTime: 1}),
    400,
    -1128,
  )
})

test('origQuoteOrderQty on every order object: "0" for an order by quantity, the budget of a MARKET buy by quoteOrderQty', async (t) => {
  const {pair, maker, taker} = await market('SQ')
  await signedV3(node, maker, 'POST', '/api/v3/order', limit(pair, 'SELL', '5', '10'))
  const byCost = await signedV3(node, taker, 'POST', '/api/v3/order', {
    symbol: pair,
    side: 'BUY',
    type: 'MARKET',
    quoteOrderQty: '20.5055',
  })
  t.like(byCost.body, {origQty: '2.05', cummulativeQuoteQty: '20.5', origQuoteOrderQty: '20.5055', status: 'FILLED'})
  const result = await signedV3(node, taker, 'POST', '/api/v3/order', {
    ...limit(pair, 'BUY', '1', '9'),
    newOrderRespType: 'RESULT',
  })
  t.is(result.body.origQuoteOrderQty, '0')
  const full = await signedV3(node, taker, 'POST', '/api/v3/order', limit(pair, 'BUY', '1', '8'))
  t.is(full.body.origQuoteOrderQty, '0')
  const one = await signedV3(node, taker, 'GET', '/api/v3/order', {symbol: pair, orderId: result.body.orderId})
  t.is(one.body.origQuoteOrderQty, '0')
  const open = await signedV3(node, taker, 'GET', '/api/v3/openOrders', {symbol: pair})
  t.deepEqual(
    open.body.map((order: any) => order.origQuoteOrderQty),
    ['0', '0'],
  )
  const all = await signedV3(node, taker, 'GET', '/api/v3/allOrders', {symbol: pair})
  t.true(all.body.every((order: any) => typeof order.origQuoteOrderQty === 'string'))
  const cancelled = await signedV3(node, taker, 'DELETE', '/api/v3/order', {symbol: pair, orderId: full.body.orderId})
  t.is(cancelled.body.origQuoteOrderQty, '0')
})
