/**
 * The user data of the Binance form (docs/binance-compat.md "User data"), raw: the WebSocket API at /ws-api/v3 (ping,
 * time, userDataStream.subscribe.signature and its refusals, `{subscriptionId, event}` pushes of
 * executionReport, outboundAccountPosition and balanceUpdate), and the listen-key form
 * (/api/v3/userDataStream, /ws/<listenKey>).
 */
import test from 'ava'
import WebSocket from 'ws'
import {assertBinanceError, signedV3, subscribeParams, v3, wsApi, type WsApiClient} from '../../helpers/binance.js'
import {freshPair, startMarketNode} from '../../helpers/market.js'
import type {TestNode} from '../../helpers/node.js'
import {setStatus, trader} from '../../helpers/rest.js'

let node: TestNode
const sockets: {close(): void}[] = []
test.before(async () => {
  node = await startMarketNode()
})
test.after.always(async () => {
  for (const socket of sockets) socket.close()
  await node?.close()
})

async function client(): Promise<WsApiClient> {
  const socket = await wsApi(node)
  sockets.push(socket)
  return socket
}

const isEvent = (type: string) => (message: any) => message.event?.e === type || message.e === type

test('ping and time answer {id, status: 200, result}; an unknown method is an error frame {id, status, error: {code, msg}}', async (t) => {
  const socket = await client()
  t.deepEqual(await socket.request('ping', undefined, 7), {id: 7, status: 200, result: {}})
  const time = await socket.request('time', {}, 'a')
  t.true(Number.isSafeInteger(time.result.serverTime))
  const unknown = await socket.request('order.place', {}, 'b')
  t.like(unknown, {id: 'b', status: 400, error: {code: -1020}})
  t.deepEqual(Object.keys(unknown.error).sort(), ['code', 'msg'])
})

test("userDataStream.subscribe.signature: the one check's refusals as Binance codes, then {subscriptionId}", async (t) => {
  const who = await trader(node)
  const socket = await client()
  const refused = async (params: Record<string, unknown>) =>
    (await socket.request('userDataStream.subscribe.signature', params)).error
  t.like(await refused({...subscribeParams(who), signature: 'f'.repeat(64)}), {code: -1022})
  t.like(await refused({...subscribeParams(who), apiKey: 'nope'}), {code: -2014})
  t.like(await refused(subscribeParams({apiKey: '0'.repeat(64), apiSecret: who.apiSecret})), {code: -2015})
  t.like(await refused(subscribeParams(who, {timestamp: Date.now() - 10_000})), {code: -1021})
  const noTimestamp: Record<string, unknown> = subscribeParams(who)
  delete noTimestamp['timestamp']
  t.like(await refused(noTimestamp), {code: -1102})
  const params = subscribeParams(who, {recvWindow: 10_000})
  const answer = await socket.request('userDataStream.subscribe.signature', params, 'sub')
  t.deepEqual(answer, {id: 'sub', status: 200, result: {subscriptionId: 0}})
  t.like(await refused(params), {code: -1021, msg: 'This request was already accepted once; sign it again with a new timestamp.'})
  const second = await socket.request('userDataStream.subscribe.signature', subscribeParams(who))
  t.deepEqual(second.result, {subscriptionId: 1})
  t.deepEqual((await socket.request('userDataStream.unsubscribe', {subscriptionId: 1})).result, {})
  t.like((await socket.request('userDataStream.unsubscribe', {subscriptionId: 1})).error, {code: -2013})
})

test('events: NEW, TRADE and EXPIRED execution reports, then the account position, as {subscriptionId, event}', async (t) => {
  const symbol = freshPair(node, 'UD')
  const pair = symbol.replace('-', '')
  const base = symbol.split('-')[0]!
  const maker = await trader(node, {[base]: '5', USDT: '100'})
  const taker = await trader(node, {USDT: '100'})
  const socket = await client()
  await socket.request('userDataStream.subscribe.signature', subscribeParams(taker))
  const order = {symbol: pair, side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: '1', price: '10'}
  const ask = await signedV3(node, maker, 'POST', '/api/v3/order', order)
  const ioc = {
    symbol: pair,
    side: 'BUY',
    type: 'LIMIT',
    timeInForce: 'IOC',
    quantity: '2',
    price: '10',
    newClientOrderId: 'ioc.1',
  }
  const placed = await signedV3(node, taker, 'POST', '/api/v3/order', ioc)
  const reports = [await socket.next(isEvent('executionReport')), await socket.next(isEvent('executionReport'))]
  reports.push(await socket.next(isEvent('executionReport')))
  t.true(reports.every((message) => message.subscriptionId === 0 && Object.keys(message).length === 2))
  const [created, traded, expired] = reports.map((message) => message.event)
  t.like(created, {
    e: 'executionReport',
    s: pair,
    c: 'ioc.1',
    S: 'BUY',
    o: 'LIMIT',
    f: 'IOC',
    q: '2',
    p: '10',
    x: 'NEW',
    X: 'NEW',
    i: placed.body.orderId,
    z: '0',
    t: -1,
  })
  t.like(traded, {
    x: 'TRADE',
    X: 'PARTIALLY_FILLED',
    l: '1',
    L: '10',
    z: '1',
    Z: '10',
    Y: '10',
    n: '0.002',
    N: base,
    m: false,
    t: placed.body.fills[0].tradeId,
  })
  t.like(expired, {x: 'EXPIRED', X: 'EXPIRED', l: '0', z: '1', Z: '10'})
  for (const field of ['E', 'T', 'O', 'W', 'i', 't']) t.true(Number.isSafeInteger(traded[field]), field)
  t.false('code' in traded)
  const position = (await socket.next(isEvent('outboundAccountPosition'))).event
  t.true(Number.isSafeInteger(position.u))
  t.deepEqual(
    position.B.sort((a: any, b: any) => (a.a < b.a ? -1 : 1)),
    [
      {a: base, f: '0.998', l: '0'},
      {a: 'USDT', f: '90', l: '0'},
    ].sort((a, b) => (a.a < b.a ? -1 : 1)),
  )
  t.truthy(ask.body.orderId)
})

test('a transfer out of and into the trading balance account is a balanceUpdate with the signed delta', async (t) => {
  const who = await trader(node, {USDT: '100'})
  const socket = await client()
  await socket.request('userDataStream.subscribe.signature', subscribeParams(who))
  const move = (from: string, to: string, amount: string) =>
    node.services.balances.transfer(who.account, {fromBalanceAccountId: from, toBalanceAccountId: to, asset: 'USDT', amount})
  move(who.account.tradingAccountId, who.account.fundingAccountId, '30.5')
  t.like((await socket.next(isEvent('balanceUpdate'))).event, {e: 'balanceUpdate', a: 'USDT', d: '-30.5'})
  t.deepEqual((await socket.next(isEvent('outboundAccountPosition'))).event.B, [{a: 'USDT', f: '69.5', l: '0'}])
  move(who.account.fundingAccountId, who.account.tradingAccountId, '0.5')
  const update = (await socket.next(isEvent('balanceUpdate'))).event
  t.like(update, {d: '0.5'})
  t.true(Number.isSafeInteger(update.T) && Number.isSafeInteger(update.E))
})

test('listen keys: POST with the key header only, PUT keeps, DELETE ends; /ws/<listenKey> streams the events as they are', async (t) => {
  const who = await trader(node, {USDT: '100'}, ['read', 'trade'])
  const open = await fetch(`${node.httpUrl}/api/v3/userDataStream`, {method: 'POST', headers: {'X-MBX-APIKEY': who.apiKey}})
  const {listenKey} = (await open.json()) as {listenKey: string}
  t.regex(listenKey, /^[0-9a-f]{60}$/)
  const again = await fetch(`${node.httpUrl}/api/v3/userDataStream`, {method: 'POST', headers: {'X-MBX-APIKEY': who.apiKey}})
  t.is(((await again.json()) as {listenKey: string}).listenKey, listenKey)
  const keep = await fetch(`${node.httpUrl}/api/v3/userDataStream?listenKey=${listenKey}`, {
    method: 'PUT',
    headers: {'X-MBX-APIKEY': who.apiKey},
  })
  t.deepEqual(await keep.json(), {})
  const messages: any[] = []
  const socket = new WebSocket(`${node.httpUrl.replace(/^http/, 'ws')}/ws/${listenKey}`)
  sockets.push(socket)
  socket.on('message', (data) => messages.push(JSON.parse(String(data))))
  await new Promise((resolve) => socket.once('open', resolve))
  const order = {symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.001', price: '1000'}
  await signedV3(node, who, 'POST', '/api/v3/order', order)
  const until = async (match: (message: any) => boolean) => {
    for (let waited = 0; !messages.some(match) && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20))
    return messages.find(match)
  }
  t.like(await until((m) => m.e === 'executionReport'), {x: 'NEW', s: 'BTCUSDT', q: '0.001'})
  t.truthy(await until((m) => m.e === 'outboundAccountPosition'))
  const closed = await fetch(`${node.httpUrl}/api/v3/userDataStream`, {
    method: 'DELETE',
    headers: {'X-MBX-APIKEY': who.apiKey, 'Content-Type': 'application/x-www-form-urlencoded'},
    body: `listenKey=${listenKey}`,
  })
  t.deepEqual(await closed.json(), {})
  t.like(await until((m) => m.e === 'listenKeyExpired'), {listenKey})
  const gone = await fetch(`${node.httpUrl}/api/v3/userDataStream?listenKey=${listenKey}`, {
    method: 'PUT',
    headers: {'X-MBX-APIKEY': who.apiKey},
  })
  assertBinanceError(
    t,
    {status: gone.status, body: await gone.json(), headers: gone.headers},
    400,
    -1125,
    'This listenKey does not exist.',
  )
  const anonymous = await fetch(`${node.httpUrl}/api/v3/userDataStream`, {method: 'POST'})
  assertBinanceError(t, {status: anonymous.status, body: await anonymous.json(), headers: anonymous.headers}, 401, -2014)
  t.is((await v3(node, '/api/v3/ping')).status, 200)
})

test('a listen key of a deleted API key opens no stream (-2015 before the handshake)', async (t) => {
  const who = await trader(node)
  const open = await fetch(`${node.httpUrl}/api/v3/userDataStream`, {method: 'POST', headers: {'X-MBX-APIKEY': who.apiKey}})
  const {listenKey} = (await open.json()) as {listenKey: string}
  const [key] = node.services.apiKeys.list(who.account.id)
  node.services.apiKeys.delete(key!.id)
  const status = await new Promise<number>((resolve) => {
    const socket = new WebSocket(`${node.httpUrl.replace(/^http/, 'ws')}/ws/${listenKey}`)
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0))
    socket.on('open', () => resolve(101))
  })
  t.is(status, 401)
})

test('a blocked account hears no more: its WS-API subscription ends with eventStreamTerminated, its listen-key stream with listenKeyExpired', async (t) => {
  const who = await trader(node, {USDT: '100'}, ['read', 'trade'])
  const socket = await client()
  await socket.request('userDataStream.subscribe.signature', subscribeParams(who))
  const open = await fetch(`${node.httpUrl}/api/v3/userDataStream`, {method: 'POST', headers: {'X-MBX-APIKEY': who.apiKey}})
  const {listenKey} = (await open.json()) as {listenKey: string}
  const messages: any[] = []
  const stream = new WebSocket(`${node.httpUrl.replace(/^http/, 'ws')}/ws/${listenKey}`)
  sockets.push(stream)
  stream.on('message', (data) => messages.push(JSON.parse(String(data))))
  await new Promise((resolve) => stream.once('open', resolve))
  setStatus(node, who.account, 'blocked')
  // A movement on its trading balance account is an event for the account: the streams end instead.
  node.services.balances.transfer(who.account, {
    fromBalanceAccountId: who.account.tradingAccountId,
    toBalanceAccountId: who.account.fundingAccountId,
    asset: 'USDT',
    amount: '1',
  })
  const terminated = await socket.next((message: any) => message.event !== undefined)
  t.like(terminated, {subscriptionId: 0, event: {e: 'eventStreamTerminated'}})
  for (let waited = 0; messages.length === 0 && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20))
  t.like(messages[0], {e: 'listenKeyExpired', listenKey})
  t.false(messages.some((message) => message.e === 'balanceUpdate'))
})

test('a LIMIT_MAKER refused with -2010 sends the user stream nothing: the next event is the next order', async (t) => {
  const symbol = freshPair(node, 'UM')
  const pair = symbol.replace('-', '')
  const base = symbol.split('-')[0]!
  const maker = await trader(node, {[base]: '5'})
  const who = await trader(node, {USDT: '100'})
  await signedV3(node, maker, 'POST', '/api/v3/order', {...limitOrder(pair, 'SELL', '1', '10')})
  const socket = await client()
  await socket.request('userDataStream.subscribe.signature', subscribeParams(who))
  const refused = await signedV3(node, who, 'POST', '/api/v3/order', {
    symbol: pair,
    side: 'BUY',
    type: 'LIMIT_MAKER',
    quantity: '1',
    price: '10',
  })
  assertBinanceError(t, refused, 400, -2010, 'Order would immediately match and take.')
  await signedV3(node, who, 'POST', '/api/v3/order', {...limitOrder(pair, 'BUY', '1', '9'), newClientOrderId: 'after'})
  const first = await socket.next()
  t.like(first.event, {e: 'executionReport', x: 'NEW', c: 'after'}, 'no outboundAccountPosition for the refused order')
})

test('a cancel: CANCELED carries the cancelled order in C and the cancel in c, generated when the cancel named none', async (t) => {
  const symbol = freshPair(node, 'UC')
  const pair = symbol.replace('-', '')
  const who = await trader(node, {USDT: '100'})
  const socket = await client()
  await socket.request('userDataStream.subscribe.signature', subscribeParams(who))
  await signedV3(node, who, 'POST', '/api/v3/order', {...limitOrder(pair, 'BUY', '1', '5'), newClientOrderId: 'c-1'})
  const created = (await socket.next(isEvent('executionReport'))).event
  t.like(created, {x: 'NEW', c: 'c-1', C: ''})
  const named = await signedV3(node, who, 'DELETE', '/api/v3/order', {
    symbol: pair,
    origClientOrderId: 'c-1',
    newClientOrderId: 'cancel-1',
  })
  t.like(named.body, {origClientOrderId: 'c-1', clientOrderId: 'cancel-1'})
  t.like((await socket.next(isEvent('executionReport'))).event, {x: 'CANCELED', X: 'CANCELED', C: 'c-1', c: 'cancel-1'})
  await signedV3(node, who, 'POST', '/api/v3/order', {...limitOrder(pair, 'BUY', '1', '4'), newClientOrderId: 'c-2'})
  await socket.next(isEvent('executionReport'))
  const unnamed = await signedV3(node, who, 'DELETE', '/api/v3/order', {symbol: pair, origClientOrderId: 'c-2'})
  t.is(unnamed.body.origClientOrderId, 'c-2')
  t.regex(unnamed.body.clientOrderId, /^[A-Za-z0-9]{22}$/, 'a generated cancel id')
  t.like((await socket.next(isEvent('executionReport'))).event, {
    x: 'CANCELED',
    C: 'c-2',
    c: unnamed.body.clientOrderId,
  })
})

test('executionReport carries Q (the quote order quantity, "0" without one) and I, an id unique per report', async (t) => {
  const symbol = freshPair(node, 'UQ')
  const pair = symbol.replace('-', '')
  const base = symbol.split('-')[0]!
  const maker = await trader(node, {[base]: '5'})
  const who = await trader(node, {USDT: '100'})
  const socket = await client()
  await socket.request('userDataStream.subscribe.signature', subscribeParams(who))
  await signedV3(node, maker, 'POST', '/api/v3/order', limitOrder(pair, 'SELL', '2', '10'))
  await signedV3(node, who, 'POST', '/api/v3/order', limitOrder(pair, 'BUY', '1', '10'))
  await signedV3(node, who, 'POST', '/api/v3/order', limitOrder(pair, 'BUY', '1', '8'))
  const reports = []
  for (let i = 0; i < 3; i++) reports.push((await socket.next(isEvent('executionReport'))).event)
  t.deepEqual(
    reports.map((report) => [report.x, report.Q]),
    [
      ['NEW', '0'],
      ['TRADE', '0'],
      ['NEW', '0'],
    ],
  )
  const ids = reports.map((report) => report.I)
  t.true(ids.every(Number.isSafeInteger), JSON.stringify(ids))
  t.is(new Set(ids).size, ids.length)
})

const limitOrder = (pair: string, side: string, quantity: string, price: string) => ({
  symbol: pair,
  side,
  type: 'LIMIT',
  timeInForce: 'GTC',
  quantity,
  price,
})
