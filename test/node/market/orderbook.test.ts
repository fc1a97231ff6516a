import test from 'ava'
import type {TestNode} from '../../helpers/node.js'
import {freshPair, get, startMarketNode, trader} from '../../helpers/market.js'

let node: TestNode
test.before(async () => {
  node = await startMarketNode()
})
test.after.always(async () => {
  await node?.close()
})

/** Rests limit orders of one maker (sells need base, buys need USDT), all in one group commit. */
async function rest(symbol: string, orders: {side: 'buy' | 'sell'; price: string; qty: string}[]) {
  const base = symbol.split('-')[0]!
  const maker = await trader(node, {[base]: '100000', USDT: '100000000'})
  await Promise.all(orders.map((order) => node.services.trading.place(maker.id, {ticker: symbol, type: 'limit', ...order})))
}

test('levels aggregate the resting quantity per price, best first on each side', async (t) => {
  const symbol = freshPair(node, 'OA')
  await rest(symbol, [
    {side: 'buy', price: '99', qty: '1'},
    {side: 'buy', price: '100', qty: '0.5'},
    {side: 'buy', price: '100', qty: '0.25'},
    {side: 'buy', price: '98.5', qty: '2'},
    {side: 'sell', price: '101', qty: '0.3'},
    {side: 'sell', price: '102.25', qty: '1'},
    {side: 'sell', price: '101', qty: '0.7'},
  ])
  const {status, body} = await get(node, `/exchange/orderbook/?ticker=${symbol}`)
  t.is(status, 200)
  t.deepEqual(Object.keys(body).sort(), ['asks', 'bids', 'ticker', 'timestamp'])
  t.is(body.ticker, symbol)
  t.deepEqual(body.bids, [
    ['100', '0.75'],
    ['99', '1'],
    ['98.5', '2'],
  ])
  t.deepEqual(body.asks, [
    ['101', '1'],
    ['102.25', '1'],
  ])
  t.regex(body.timestamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  t.true(Math.abs(Date.parse(body.timestamp) - Date.now()) < 5000)
})

test('a partial fill shows the remaining quantity; a filled level disappears', async (t) => {
  const symbol = freshPair(node, 'OB')
  await rest(symbol, [
    {side: 'sell', price: '10', qty: '1'},
    {side: 'sell', price: '11', qty: '1'},
  ])
  const taker = await trader(node, {USDT: '1000'})
  await node.services.trading.place(taker.id, {ticker: symbol, side: 'buy', type: 'limit', price: '11', qty: '1.4'})
  t.deepEqual((await get(node, `/exchange/orderbook/?ticker=${symbol}`)).body.asks, [['11', '0.6']])
})

test('limit: default 100 levels, up to 200, best levels kept', async (t) => {
  const symbol = freshPair(node, 'OC')
  // 210 bid levels at 1.00, 1.01, ..., 3.09.
  await rest(
    symbol,
    Array.from({length: 210}, (_, i) => ({side: 'buy' as const, price: ((100 + i) / 100).toFixed(2), qty: '1'})),
  )
  const byDefault = (await get(node, `/exchange/orderbook/?ticker=${symbol}`)).body
  t.is(byDefault.bids.length, 100)
  t.deepEqual(byDefault.bids[0], ['3.09', '1'])
  t.deepEqual(byDefault.bids[99], ['2.1', '1'])
  t.deepEqual(byDefault.asks, [])
  t.is((await get(node, `/exchange/orderbook/?ticker=${symbol}&limit=200`)).body.bids.length, 200)
  const five = (await get(node, `/exchange/orderbook/?ticker=${symbol}&limit=5`)).body
  t.deepEqual(
    five.bids.map((level: string[]) => level[0]),
    ['3.09', '3.08', '3.07', '3.06', '3.05'],
  )
})

test('bad parameters are 400, an unknown or inactive ticker 404, with the error body', async (t) => {
  const inactive = freshPair(node, 'OD')
  node.services.tickers.setActive(inactive, false)
  const cases: [string, number, string][] = [
    ['/exchange/orderbook/', 400, 'invalid_argument'],
    ['/exchange/orderbook/?ticker=', 400, 'invalid_argument'],
    ['/exchange/orderbook/?ticker=BTC-USDT&limit=201', 400, 'invalid_argument'],
    ['/exchange/orderbook/?ticker=BTC-USDT&limit=0', 400, 'invalid_argument'],
    ['/exchange/orderbook/?ticker=BTC-USDT&limit=ten', 400, 'invalid_argument'],
    ['/exchange/orderbook/?ticker=BTC-USDT&limit=-1', 400, 'invalid_argument'],
    ['/exchange/orderbook/?ticker=BTC-USDT&ticker=ETH-USDT', 400, 'invalid_argument'],
    ['/exchange/orderbook/?ticker=NOPE-USDT', 404, 'not_found'],
    [`/exchange/orderbook/?ticker=${inactive}`, 404, 'not_found'],
  ]
  for (const [path, status, code] of cases) {
    const answer = await get(node, path)
    t.is(answer.status, status, path)
    t.is(answer.body.error?.code, code, path)
    t.is(typeof answer.body.error?.message, 'string', path)
  }
})

test('the ticker is case-insensitive and the trailing slash optional', async (t) => {
  const answer = await get(node, '/exchange/orderbook?ticker=btc-usdt&limit=1')
  t.is(answer.status, 200)
  t.is(answer.body.ticker, 'BTC-USDT')
})
