import test from 'ava'
import {DEFAULT_CONFIG} from '../../../src/node/ground/config.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {signed, trader} from '../../helpers/rest.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode({rateLimits: {...DEFAULT_CONFIG.rateLimits, ordersPerSecond: 1000}})
})
test.after.always(async () => {
  await node?.close()
})

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

// Each test has its own ticker: the books are shared by the file's tests, which run at once.

test('a market buy answers its fills (trade id, price, qty, fee in the asset received) and shows the average fill price as its price', async (t) => {
  const maker = await trader(node, {BTC: '1'})
  const taker = await trader(node, {USDT: '1000'})
  for (const price of ['20000', '20001']) {
    const rest = await signed(node, maker, 'POST', '/orders/place/', {
      ticker: 'BTC-USDT',
      side: 'sell',
      type: 'limit',
      price,
      qty: '0.01',
    })
    t.is(rest.status, 200, JSON.stringify(rest.body))
  }
  const placed = await signed(node, taker, 'POST', '/orders/place/', {
    ticker: 'BTC-USDT',
    side: 'buy',
    type: 'market',
    qty: '0.015',
    client_order_id: 'market-1',
  })
  t.is(placed.status, 200, JSON.stringify(placed.body))
  const {fills} = placed.body
  t.is(fills.length, 2)
  for (const fill of fills) t.regex(fill.trade_id, UUID)
  // Taker fee 0.002 of the BTC received.
  t.deepEqual(
    fills.map(({price, qty, fee, fee_asset}: Record<string, string>) => ({price, qty, fee, fee_asset})),
    [
      {price: '20000', qty: '0.01', fee: '0.00002', fee_asset: 'BTC'},
      {price: '20001', qty: '0.005', fee: '0.00001', fee_asset: 'BTC'},
    ],
  )
  // (20000 x 0.01 + 20001 x 0.005) / 0.015 = 20000.3333…, rounded down to USDT's 6 decimals.
  t.is(placed.body.avg_price, '20000.333333')
  t.like(placed.body.order, {
    type: 'market',
    status: 'filled',
    price: '20000.333333',
    avg_price: '20000.333333',
    filled_qty: '0.015',
  })

  // The fills are the caller's trades, as GET /trades/ lists them.
  const trades = await signed(node, taker, 'GET', '/trades/?ticker=BTC-USDT')
  t.deepEqual(
    trades.body.trades.map((trade: {id: string}) => trade.id).sort(),
    fills.map((fill: {trade_id: string}) => fill.trade_id).sort(),
  )
  // GET /orders/ shows the market order with its average price too.
  const listed = await signed(node, taker, 'GET', '/orders/?ticker=BTC-USDT')
  t.like(listed.body.orders[0], {id: placed.body.order_id, price: '20000.333333', avg_price: '20000.333333'})

  // Sending the client order id again answers the first answer, fills included, and places nothing.
  const replay = await signed(node, taker, 'POST', '/orders/place/', {
    ticker: 'BTC-USDT',
    side: 'buy',
    type: 'market',
    qty: '0.015',
    client_order_id: 'market-1',
  })
  t.is(replay.status, 200)
  t.deepEqual(replay.body, placed.body)
})

test('a limit sell that takes part of its qty answers those fills (fee in the quote asset) and rests with its own price', async (t) => {
  const buyer = await trader(node, {USDT: '1000'})
  const seller = await trader(node, {ETH: '2'})
  const bid = await signed(node, buyer, 'POST', '/orders/place/', {
    ticker: 'ETH-USDT',
    side: 'buy',
    type: 'limit',
    price: '1500',
    qty: '0.5',
  })
  t.is(bid.status, 200)
  const placed = await signed(node, seller, 'POST', '/orders/place/', {
    ticker: 'ETH-USDT',
    side: 'sell',
    type: 'limit',
    price: '1400',
    qty: '1',
  })
  t.is(placed.status, 200, JSON.stringify(placed.body))
  t.is(placed.body.status, 'partial')
  t.like(placed.body.fills, [{price: '1500', qty: '0.5', fee: '1.5', fee_asset: 'USDT'}])
  t.is(placed.body.fills.length, 1)
  t.is(placed.body.avg_price, '1500')
  t.like(placed.body.order, {price: '1400', avg_price: '1500', filled_qty: '0.5'})
  // The resting bid, filled as the maker, has the same average price.
  const maker = await signed(node, buyer, 'GET', `/orders/${bid.body.order_id}/`)
  t.like(maker.body, {status: 'filled', price: '1500', avg_price: '1500'})
})

test('a market order with nothing to take has no fills, avg_price null and price "0"', async (t) => {
  const alice = await trader(node, {USDT: '100'})
  const placed = await signed(node, alice, 'POST', '/orders/place/', {ticker: 'TRX-USDT', side: 'buy', type: 'market', qty: '10'})
  t.is(placed.status, 200, JSON.stringify(placed.body))
  t.deepEqual(placed.body.fills, [])
  t.is(placed.body.avg_price, null)
  t.like(placed.body.order, {status: 'cancelled', price: '0', avg_price: null, filled_qty: '0'})
})
