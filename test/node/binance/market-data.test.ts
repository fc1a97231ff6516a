/**
 * The public REST of the Binance-form API (docs/binance-compat.md "Public REST (/api/v3/...)"), raw: the shapes typed SDKs rely on
 * (integers where Binance has integers, decimal strings for amounts), the figures, and the
 * `{code, msg}` errors.
 */
import test from 'ava'
import {DECIMAL, v3} from '../../helpers/binance.js'
import {freshPair, realTrade, startMarketNode, trader} from '../../helpers/market.js'
import type {TestNode} from '../../helpers/node.js'

let node: TestNode
test.before(async () => {
  node = await startMarketNode()
})
test.after.always(async () => {
  await node?.close()
})

const pair = (symbol: string) => symbol.replace('-', '')

/** Asserts `{code, msg}` exactly, with the status. */
function assertBinanceError(
  t: import('ava').ExecutionContext,
  answer: {status: number; body: any},
  status: number,
  code: number,
) {
  t.is(answer.status, status, JSON.stringify(answer.body))
  t.deepEqual(Object.keys(answer.body).sort(), ['code', 'msg'])
  t.is(answer.body.code, code)
  t.true(typeof answer.body.msg === 'string' && answer.body.msg.length > 0)
}

test('ping and time: {} and the server clock in ms', async (t) => {
  t.deepEqual((await v3(node, '/api/v3/ping')).body, {})
  const {body} = await v3(node, '/api/v3/time')
  t.true(Number.isSafeInteger(body.serverTime))
  t.true(Math.abs(body.serverTime - Date.now()) < 5000)
})

test('exchangeInfo: each pair as BTCUSDT with TRADING/BREAK, precisions and the three filters ccxt reads', async (t) => {
  const halted = freshPair(node, 'XH')
  node.services.tickers.setActive(halted, false)
  const {status, body} = await v3(node, '/api/v3/exchangeInfo')
  t.is(status, 200)
  t.is(body.timezone, 'UTC')
  const btc = body.symbols.find((s: any) => s.symbol === 'BTCUSDT')
  t.like(btc, {
    status: 'TRADING',
    baseAsset: 'BTC',
    quoteAsset: 'USDT',
    baseAssetPrecision: 8,
    quotePrecision: 6,
    orderTypes: ['LIMIT', 'LIMIT_MAKER', 'MARKET'],
    permissions: ['SPOT'],
  })
  const filters = Object.fromEntries(btc.filters.map((f: any) => [f.filterType, f]))
  t.like(filters.PRICE_FILTER, {minPrice: '0.01', tickSize: '0.01'})
  t.like(filters.LOT_SIZE, {minQty: '0.00001', stepSize: '0.00001'})
  t.like(filters.MARKET_LOT_SIZE, {minQty: '0.00001', stepSize: '0.00001'})
  t.like(filters.NOTIONAL, {minNotional: '1'})
  for (const filter of btc.filters) {
    for (const [key, value] of Object.entries(filter))
      if (key !== 'filterType' && typeof value === 'string') t.regex(value, DECIMAL)
  }
  t.is(body.symbols.find((s: any) => s.symbol === pair(halted)).status, 'BREAK')
  const one = await v3(node, '/api/v3/exchangeInfo?symbol=ethusdt')
  t.deepEqual(
    one.body.symbols.map((s: any) => s.symbol),
    ['ETHUSDT'],
  )
  const two = await v3(node, `/api/v3/exchangeInfo?symbols=${encodeURIComponent('["TRXUSDT","BTCUSDT"]')}`)
  t.deepEqual(
    two.body.symbols.map((s: any) => s.symbol),
    ['TRXUSDT', 'BTCUSDT'],
  )
})

test('depth: lastUpdateId an integer that moves with the book; levels as [price, qty] strings, best first', async (t) => {
  const symbol = freshPair(node, 'XD')
  const before = (await v3(node, `/api/v3/depth?symbol=${pair(symbol)}`)).body
  t.deepEqual(before.bids, [])
  const base = symbol.split('-')[0]!
  const maker = await trader(node, {[base]: '10', USDT: '10000'})
  for (const [side, price] of [
    ['buy', '99'],
    ['buy', '100'],
    ['sell', '101.5'],
  ] as const) {
    await node.services.trading.place(maker.id, {ticker: symbol, side, type: 'limit', price, qty: '0.5'})
  }
  const {status, body} = await v3(node, `/api/v3/depth?symbol=${pair(symbol)}&limit=1`)
  t.is(status, 200)
  t.deepEqual(Object.keys(body), ['lastUpdateId', 'bids', 'asks'])
  t.true(Number.isSafeInteger(body.lastUpdateId))
  t.is(body.lastUpdateId, before.lastUpdateId + 3)
  t.deepEqual(body.bids, [['100', '0.5']])
  t.deepEqual(body.asks, [['101.5', '0.5']])
  // Above 5000 is cut to 5000, as Binance; 0 is refused.
  t.is((await v3(node, `/api/v3/depth?symbol=${pair(symbol)}&limit=6000`)).body.bids.length, 2)
  assertBinanceError(t, await v3(node, `/api/v3/depth?symbol=${pair(symbol)}&limit=0`), 400, -1100)
})

test('trades and aggTrades: integer ids from the trade sequence, a taker sweeping one price is one aggregate', async (t) => {
  const symbol = freshPair(node, 'XT')
  const base = symbol.split('-')[0]!
  const makerA = await trader(node, {[base]: '10'})
  const makerB = await trader(node, {[base]: '10'})
  const taker = await trader(node, {USDT: '100000'})
  await node.services.trading.place(makerA.id, {ticker: symbol, side: 'sell', type: 'limit', price: '10', qty: '1'})
  await node.services.trading.place(makerB.id, {ticker: symbol, side: 'sell', type: 'limit', price: '10', qty: '2'})
  await node.services.trading.place(makerB.id, {ticker: symbol, side: 'sell', type: 'limit', price: '11', qty: '1'})
  await node.services.trading.place(taker.id, {ticker: symbol, side: 'buy', type: 'limit', price: '11', qty: '4'})
  await realTrade(node, symbol, '9', '0.5', 'sell')

  const trades = (await v3(node, `/api/v3/trades?symbol=${pair(symbol)}`)).body
  t.is(trades.length, 4)
  t.deepEqual(Object.keys(trades[0]).sort(), ['id', 'isBestMatch', 'isBuyerMaker', 'price', 'qty', 'quoteQty', 'time'])
  for (const trade of trades) {
    t.true(Number.isSafeInteger(trade.id) && Number.isSafeInteger(trade.time))
    for (const field of ['price', 'qty', 'quoteQty']) t.regex(trade[field], DECIMAL)
  }
  t.deepEqual(
    trades.map((trade: any) => [trade.price, trade.qty, trade.quoteQty, trade.isBuyerMaker]),
    [
      ['10', '1', '10', false],
      ['10', '2', '20', false],
      ['11', '1', '11', false],
      ['9', '0.5', '4.5', true],
    ],
  )
  // Sequences increase (other tests' trades may come between those of different commands).
  const ids: number[] = trades.map((trade: any) => trade.id)
  t.deepEqual(
    [...ids].sort((a, b) => a - b),
    ids,
  )
  t.is(new Set(ids).size, 4)

  const aggs = (await v3(node, `/api/v3/aggTrades?symbol=${pair(symbol)}`)).body
  t.deepEqual(Object.keys(aggs[0]).sort(), ['M', 'T', 'a', 'f', 'l', 'm', 'p', 'q'])
  const [first, second, third, fourth] = ids as [number, number, number, number]
  // One command's fills are consecutive: the sweep's two fills at 10 are one aggregate.
  t.is(second, first + 1)
  t.deepEqual(
    aggs.map((agg: any) => [agg.a, agg.p, agg.q, agg.f, agg.l, agg.m]),
    [
      [first, '10', '3', first, second, false],
      [third, '11', '1', third, third, false],
      [fourth, '9', '0.5', fourth, fourth, true],
    ],
  )
  // fromId names an aggregate; inside one, the next starts the answer.
  const from = (id: number) => v3(node, `/api/v3/aggTrades?symbol=${pair(symbol)}&fromId=${id}`)
  t.deepEqual(
    (await from(third)).body.map((agg: any) => agg.a),
    [third, fourth],
  )
  t.deepEqual(
    (await from(second)).body.map((agg: any) => agg.a),
    [third, fourth],
  )
  t.deepEqual(
    (await v3(node, `/api/v3/aggTrades?symbol=${pair(symbol)}&limit=1`)).body.map((agg: any) => agg.a),
    [fourth],
  )
  const time = aggs[0].T
  t.is((await v3(node, `/api/v3/aggTrades?symbol=${pair(symbol)}&startTime=${time}&endTime=${time}`)).body[0].a, first)
  t.deepEqual((await v3(node, `/api/v3/aggTrades?symbol=${pair(symbol)}&endTime=${time - 1}`)).body, [])
  assertBinanceError(t, await v3(node, `/api/v3/aggTrades?symbol=${pair(symbol)}&fromId=1&startTime=1`), 400, -1128)
})

test('klines: rows of 12 as Binance, integers for times and counts, strings for amounts; other intervals -1120', async (t) => {
  const symbol = freshPair(node, 'XK')
  await realTrade(node, symbol, '10', '1')
  await realTrade(node, symbol, '12', '0.5', 'sell')
  const {status, body} = await v3(node, `/api/v3/klines?symbol=${pair(symbol)}&interval=1m`)
  t.is(status, 200)
  const row = body.at(-1)
  t.is(row.length, 12)
  t.true(Number.isSafeInteger(row[0]) && row[0] % 60_000 === 0)
  t.is(row[6], row[0] + 59_999)
  t.is(typeof row[8], 'number')
  if (body.length === 1) {
    t.deepEqual(row.slice(1, 6), ['10', '12', '10', '12', '1.5'])
    t.deepEqual(row.slice(7), ['16', 2, '1', '10', '0'])
  }
  const total = body.reduce((sum: number, candle: any) => sum + candle[8], 0)
  t.is(total, 2)
  assertBinanceError(t, await v3(node, `/api/v3/klines?symbol=${pair(symbol)}&interval=3m`), 400, -1120)
  assertBinanceError(t, await v3(node, `/api/v3/klines?symbol=${pair(symbol)}`), 400, -1102)
  assertBinanceError(t, await v3(node, `/api/v3/klines?symbol=${pair(symbol)}&interval=1m&limit=1001`), 400, -1100)
})

test('ticker/24hr, ticker/price, ticker/bookTicker and avgPrice: one object for symbol, a list otherwise', async (t) => {
  const symbol = freshPair(node, 'XS')
  const base = symbol.split('-')[0]!
  await realTrade(node, symbol, '10', '1')
  await realTrade(node, symbol, '12', '1')
  const maker = await trader(node, {[base]: '5', USDT: '1000'})
  await node.services.trading.place(maker.id, {ticker: symbol, side: 'buy', type: 'limit', price: '9', qty: '2'})
  await node.services.trading.place(maker.id, {ticker: symbol, side: 'sell', type: 'limit', price: '13', qty: '3'})

  const day = (await v3(node, `/api/v3/ticker/24hr?symbol=${pair(symbol)}`)).body
  t.like(day, {
    symbol: pair(symbol),
    priceChange: '2',
    priceChangePercent: '20',
    weightedAvgPrice: '11',
    lastPrice: '12',
    lastQty: '1',
    bidPrice: '9',
    bidQty: '2',
    askPrice: '13',
    askQty: '3',
    openPrice: '10',
    highPrice: '12',
    lowPrice: '10',
    volume: '2',
    quoteVolume: '22',
    count: 2,
  })
  for (const field of ['openTime', 'closeTime', 'firstId', 'lastId', 'count']) t.true(Number.isSafeInteger(day[field]), field)
  t.true(day.lastId > day.firstId)
  const mini = (await v3(node, `/api/v3/ticker/24hr?symbol=${pair(symbol)}&type=MINI`)).body
  t.false('bidPrice' in mini)
  t.is(mini.lastPrice, '12')
  const list = (await v3(node, `/api/v3/ticker/24hr?symbols=${encodeURIComponent(`["${pair(symbol)}","BTCUSDT"]`)}`)).body
  t.deepEqual(
    list.map((entry: any) => entry.symbol),
    [pair(symbol), 'BTCUSDT'],
  )
  t.true(Array.isArray((await v3(node, '/api/v3/ticker/24hr')).body))

  t.deepEqual((await v3(node, `/api/v3/ticker/price?symbol=${pair(symbol)}`)).body, {symbol: pair(symbol), price: '12'})
  t.deepEqual((await v3(node, `/api/v3/ticker/bookTicker?symbol=${pair(symbol)}`)).body, {
    symbol: pair(symbol),
    bidPrice: '9',
    bidQty: '2',
    askPrice: '13',
    askQty: '3',
  })
  const avg = (await v3(node, `/api/v3/avgPrice?symbol=${pair(symbol)}`)).body
  t.is(avg.mins, 5)
  t.is(avg.price, '11')
  t.true(Number.isSafeInteger(avg.closeTime))
})

test('errors are {code, msg}: unknown symbol -1121, missing -1102, unread -1104, duplicate -1101, bad symbols -1100', async (t) => {
  assertBinanceError(t, await v3(node, '/api/v3/depth?symbol=NOPEUSDT'), 400, -1121)
  assertBinanceError(t, await v3(node, '/api/v3/depth'), 400, -1102)
  assertBinanceError(t, await v3(node, '/api/v3/depth?symbol=BTCUSDT&depth=5'), 400, -1104)
  assertBinanceError(t, await v3(node, '/api/v3/depth?symbol=BTCUSDT&symbol=ETHUSDT'), 400, -1101)
  assertBinanceError(t, await v3(node, '/api/v3/ticker/price?symbols=BTCUSDT'), 400, -1100)
  assertBinanceError(t, await v3(node, `/api/v3/ticker/price?symbols=${encodeURIComponent('["NOPE"]')}`), 400, -1121)
  assertBinanceError(t, await v3(node, '/api/v3/ticker/price?symbol=BTCUSDT&symbols=%5B%5D'), 400, -1128)
  assertBinanceError(t, await v3(node, '/api/v3/depth?symbol='), 400, -1105)
})

test('unknown /api/v3 and /sapi paths are 404 {code: -1000}; /api/v1 keeps its own error body', async (t) => {
  for (const path of ['/api/v3/nope', '/api/v3', '/sapi/v1/capital/nope', '/sapi/v1/margin/order', '/fapi/v1/depth']) {
    assertBinanceError(t, await v3(node, path), 404, -1000)
  }
  const post = await fetch(`${node.httpUrl}/api/v3/ping`, {method: 'POST'})
  t.is(post.status, 404)
  t.is(((await post.json()) as {code: number}).code, -1000)
  // The same path with a trailing slash is served identically.
  t.deepEqual((await v3(node, '/api/v3/ping/')).body, {})
  const v1 = await v3(node, '/api/v1/exchange/orderbook/?ticker=NOPE-USDT')
  t.is(v1.status, 404)
  t.is(v1.body.error.code, 'not_found')
})
