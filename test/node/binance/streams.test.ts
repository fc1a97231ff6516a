/**
 * The Binance-form market streams raw (docs/binance-compat.md "Market streams"): the SUBSCRIBE protocol, combined streams, and
 * the message shapes typed SDKs rely on (integers for ids and times, strings for decimals), with
 * depth diffs whose U/u chain onto REST depth's lastUpdateId.
 */
import test from 'ava'
import {DECIMAL, v3} from '../../helpers/binance.js'
import {freshPair, realTrade, startMarketNode, trader} from '../../helpers/market.js'
import type {TestNode} from '../../helpers/node.js'
import {connect, refusal, wsUrl} from '../../helpers/ws-clients.js'

let node: TestNode
test.before(async () => {
  node = await startMarketNode()
})
test.after.always(async () => {
  await node?.close()
})

const stream = (symbol: string) => symbol.replace('-', '').toLowerCase()

test('SUBSCRIBE, LIST_SUBSCRIPTIONS, UNSUBSCRIBE are answered with their id; bad frames get Binance error frames', async (t) => {
  const client = await connect(wsUrl(node, '/ws/anything'))
  const send = (message: unknown) => client.ws.send(typeof message === 'string' ? message : JSON.stringify(message))
  send({method: 'SUBSCRIBE', params: ['btcusdt@trade', 'ethusdt@depth@100ms'], id: 1})
  t.deepEqual(await client.next(), {result: null, id: 1})
  send({method: 'LIST_SUBSCRIPTIONS', id: 2})
  t.deepEqual(await client.next(), {result: ['btcusdt@trade', 'ethusdt@depth@100ms'], id: 2})
  send({method: 'UNSUBSCRIBE', params: ['btcusdt@trade'], id: 3})
  t.deepEqual(await client.next(), {result: null, id: 3})
  send({method: 'LIST_SUBSCRIPTIONS', id: 'four'})
  t.deepEqual(await client.next(), {result: ['ethusdt@depth@100ms'], id: 'four'})
  send('not json')
  t.is((await client.next()).error.code, 3)
  send({method: 'SUBSCRIBE', params: ['nopeusdt@trade'], id: 5})
  t.like(await client.next(), {error: {code: 2}, id: 5})
  send({method: 'SUBSCRIBE', params: 'btcusdt@trade', id: 6})
  t.like(await client.next(), {error: {code: 1}, id: 6})
  send({method: 'FLY', id: 7})
  t.like(await client.next(), {error: {code: 2}, id: 7})
  client.close()
})

test('an unknown stream in /stream?streams= refuses the upgrade with {code, msg}; /api/v1 paths keep their refusals', async (t) => {
  const refused = await refusal(wsUrl(node, '/stream?streams=btcusdt@trade/nope@trade'))
  t.is(refused.status, 400)
  t.is(refused.body.code, -1121)
  const v1 = await refusal(wsUrl(node, '/api/v1/exchange/ws/nope/'))
  t.is(v1.status, 404)
  t.is(v1.body.error.code, 'not_found')
})

test('combined trade and aggTrade streams: {stream, data} with integer ids and times, decimal strings', async (t) => {
  const symbol = freshPair(node, 'ST')
  const name = stream(symbol)
  const client = await connect(wsUrl(node, `/stream?streams=${name}@trade/${name}@aggTrade`))
  await realTrade(node, symbol, '3.5', '2', 'sell')
  const messages = [await client.next(), await client.next()]
  const trade = messages.find((message) => message.stream === `${name}@trade`)
  const agg = messages.find((message) => message.stream === `${name}@aggTrade`)
  t.like(trade.data, {e: 'trade', s: name.toUpperCase(), p: '3.5', q: '2', m: true, M: true})
  t.like(agg.data, {e: 'aggTrade', s: name.toUpperCase(), p: '3.5', q: '2', m: true})
  for (const field of ['E', 't', 'T']) t.true(Number.isSafeInteger(trade.data[field]), field)
  for (const field of ['E', 'a', 'f', 'l', 'T']) t.true(Number.isSafeInteger(agg.data[field]), field)
  t.is(agg.data.a, trade.data.t)
  const rest = (await v3(node, `/api/v3/trades?symbol=${name.toUpperCase()}`)).body
  t.is(rest[0].id, trade.data.t)
  client.close()
})

test('depth diffs: U/u chain onto REST lastUpdateId and rebuild the book; partial depth and bookTicker', async (t) => {
  const symbol = freshPair(node, 'SD')
  const name = stream(symbol)
  const base = symbol.split('-')[0]!
  const maker = await trader(node, {[base]: '100', USDT: '100000'})
  const client = await connect(wsUrl(node, `/ws/${name}@depth@100ms`))
  client.ws.send(JSON.stringify({method: 'SUBSCRIBE', params: [`${name}@depth5`, `${name}@bookTicker`], id: 1}))
  const snapshot = (await v3(node, `/api/v3/depth?symbol=${name.toUpperCase()}`)).body
  for (const [side, price] of [
    ['buy', '10'],
    ['buy', '11'],
    ['sell', '12'],
    ['buy', '11'],
  ] as const) {
    await node.services.trading.place(maker.id, {ticker: symbol, side, type: 'limit', price, qty: '1'})
  }
  // A level that empties: the one order at 10 cancelled.
  const at10 = node.services.trading
    .listOrders({accountId: maker.id, limit: 10, offset: 0})
    .orders.find((order) => order.price === '10')!
  await node.services.trading.cancel(maker.id, {orderId: at10.id})
  const final = (await v3(node, `/api/v3/depth?symbol=${name.toUpperCase()}`)).body
  const book = {b: new Map<string, string>(), a: new Map<string, string>()}
  let last = snapshot.lastUpdateId
  let partial: any
  let top: any
  while (last < final.lastUpdateId) {
    const message = await client.next()
    if ('result' in message) continue
    if ('lastUpdateId' in message) {
      partial = message
      continue
    }
    if ('u' in message && !('e' in message)) {
      top = message
      continue
    }
    t.is(message.e, 'depthUpdate')
    t.true(Number.isSafeInteger(message.U) && Number.isSafeInteger(message.u) && Number.isSafeInteger(message.E))
    if (message.u <= last) continue
    t.true(message.U <= last + 1 && last + 1 <= message.u, `U ${message.U} u ${message.u} after ${last}`)
    for (const side of ['b', 'a'] as const) {
      for (const [price, qty] of message[side]) {
        t.regex(price, DECIMAL)
        t.regex(qty, DECIMAL)
        if (qty === '0') book[side].delete(price)
        else book[side].set(price, qty)
      }
    }
    last = message.u
  }
  t.is(last, final.lastUpdateId)
  const sorted = (side: Map<string, string>, descending: boolean) =>
    [...side].sort((x, y) => (descending ? Number(y[0]) - Number(x[0]) : Number(x[0]) - Number(y[0])))
  t.deepEqual(final.bids, [['11', '2']])
  t.deepEqual(sorted(book.b, true), final.bids)
  t.deepEqual(sorted(book.a, false), final.asks)
  // The partial book and the best levels were sent too (partial at once on subscribing).
  t.truthy(partial)
  t.true(Number.isSafeInteger(partial.lastUpdateId))
  t.truthy(top)
  t.deepEqual(Object.keys(top).sort(), ['A', 'B', 'a', 'b', 's', 'u'])
  client.close()
})

test('tickers: @miniTicker and !ticker@arr at once on subscribing, @ticker after a trade, kline with its fields', async (t) => {
  const symbol = freshPair(node, 'SK')
  const name = stream(symbol)
  await realTrade(node, symbol, '2', '1')
  const client = await connect(wsUrl(node, `/stream?streams=${name}@miniTicker/!ticker@arr/${name}@kline_1m`))
  const mini = await client.next()
  const all = await client.next()
  const [first, second] = mini.stream === `${name}@miniTicker` ? [mini, all] : [all, mini]
  t.like(first.data, {e: '24hrMiniTicker', s: name.toUpperCase(), c: '2', v: '1', q: '2'})
  t.is(second.stream, '!ticker@arr')
  t.true(second.data.some((entry: any) => entry.e === '24hrTicker' && entry.s === 'BTCUSDT'))
  await realTrade(node, symbol, '3', '1')
  let kline: any
  while (!kline) {
    const message = await client.next(3000)
    if (message.stream === `${name}@kline_1m`) kline = message.data
  }
  t.like(kline.k, {s: name.toUpperCase(), i: '1m', c: '3'})
  // Open while its minute runs; closed when the trade came just before the minute's end and the tick after.
  t.is(kline.k.x, kline.k.T < kline.E)
  for (const field of ['t', 'T', 'f', 'L', 'n']) t.true(Number.isSafeInteger(kline.k[field]), field)
  client.close()
})
