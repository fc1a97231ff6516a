/**
 * The cluster's WebSockets with real processes (docs/cluster.md "Events and WebSocket fan-out", issue 24 "done when"): nats-server, one
 * `exchange node start --role sequencer` and two `--role edge`. Two traders on different edges trade
 * with each other; subscribers on both edges see the same trades in the same order, the v1 orderbook
 * `seq` is the book's update id on both (REST depth's `lastUpdateId`), and a client that moves from
 * one edge to the other sees it go on, never back.
 */
import {createHmac} from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {daemonTest} from '../helpers/system-daemon.js'
import {startNatsServer, type NatsServer} from '../helpers/nats.js'
import {tempDir} from '../helpers/node.js'
import {crashTraders, signedPost, type CrashNode, type CrashTrader} from '../helpers/crash-node.js'
import {adminOf, httpOf, launchEdge, launchSequencer, type ClusterProcess, type Sequencer} from '../helpers/cluster-processes.js'
import {connect, type Client} from '../helpers/ws-clients.js'
import {sellAd} from '../helpers/p2p.js'
import {waitFor} from '../helpers/wait.js'

type Context = {
  nats: NatsServer
  dir: string
  sequencer: Sequencer
  edges: ClusterProcess[]
  urls: string[]
  node: CrashNode & {close(): void}
  traders: CrashTrader[]
}
const test = daemonTest<Context>('nats-server', 'nats-server')
const TICKER = 'BTC-USDT'

test.before(async (t) => {
  const nats = await startNatsServer()
  const dir = tempDir()
  const sequencer = launchSequencer(nats.url, path.join(dir, 'data'))
  await sequencer.started
  const edges = [launchEdge(nats.url, sequencer.secretsFile), launchEdge(nats.url, sequencer.secretsFile)]
  const urls = await Promise.all(edges.map(httpOf))
  const node = await adminOf(sequencer, urls[0]!)
  const traders = await crashTraders(node, 2, {USDT: '100000000', BTC: '100000'}, 'streams')
  t.context = {nats, dir, sequencer, edges, urls, node, traders}
})

test.after.always(async (t) => {
  t.context.node?.close()
  await Promise.all([...(t.context.edges ?? []), t.context.sequencer].filter(Boolean).map((each) => each.stop()))
  await t.context.nats?.close()
  if (t.context.dir) fs.rmSync(t.context.dir, {recursive: true, force: true})
})

const ws = (http: string, target: string) => connect(`${http.replace('http', 'ws')}${target}`)
/** A signed limit order on TICKER through the edge at `http`. */
const limit = (http: string, trader: CrashTrader, side: 'buy' | 'sell', price: string, qty: string) =>
  signedPost(http, trader, '/api/v1/orders/place/', {ticker: TICKER, side, type: 'limit', price, qty})
const trades = (client: Client) => client.messages.filter((m) => m.e === 'trade').map((m) => `${m.t} ${m.p} ${m.q}`)

test.serial(
  'traders on different edges trade; both edges’ subscribers see the same trades in order and the same book ids',
  async (t) => {
    const {urls, traders} = t.context
    const [a, b] = urls as [string, string]
    const [seller, buyer] = traders as [CrashTrader, CrashTrader]
    const onA = await ws(a, '/ws/btcusdt@trade')
    const onB = await ws(b, '/stream?streams=btcusdt@trade')
    const bookA = await ws(a, `/api/v1/exchange/ws/orderbook/?ticker=${TICKER}&depth=5`)
    const bookB = await ws(b, `/api/v1/exchange/ws/orderbook/?ticker=${TICKER}&depth=5`)
    await sleep(200)
    for (let i = 0; i < 12; i++) {
      const price = String(30000 + (i % 4) * 10)
      const sell = await limit(a, seller, 'sell', price, '0.01')
      t.is(sell.status, 200, await sell.clone().text())
      const buy = await limit(b, buyer, 'buy', price, '0.01')
      t.is(buy.status, 200)
    }
    // One order left resting, so the book is not empty.
    await limit(a, seller, 'sell', '31000', '0.5')
    const combined = () => onB.messages.filter((m) => m.data?.e === 'trade').map((m) => `${m.data.t} ${m.data.p} ${m.data.q}`)
    t.true(
      await waitFor(() => trades(onA).length >= 12 && combined().length >= 12, 15_000),
      `A ${trades(onA).length}, B ${combined().length}`,
    )
    t.deepEqual(combined(), trades(onA), 'the same trades, in the same order, on both edges')
    t.is(trades(onA).length, 12)
    const ids = trades(onA).map((line) => Number(line.split(' ')[0]))
    t.true(
      ids.every((id, i) => i === 0 || id > ids[i - 1]!),
      'in trade order',
    )

    const depth = (await (await fetch(`${a}/api/v3/depth?symbol=BTCUSDT&limit=5`)).json()) as {
      lastUpdateId: number
      asks: string[][]
    }
    t.deepEqual(depth.asks[0], ['31000', '0.5'])
    const lastSeq = (client: Client) => client.messages.at(-1)?.seq
    t.true(
      await waitFor(() => lastSeq(bookA) === depth.lastUpdateId && lastSeq(bookB) === depth.lastUpdateId, 5000),
      `orderbook seq A ${lastSeq(bookA)}, B ${lastSeq(bookB)}, REST depth ${depth.lastUpdateId}`,
    )
    t.deepEqual(bookA.messages.at(-1).asks, bookB.messages.at(-1).asks)
    // A client of edge A moves to edge B: its first snapshot there goes on from what it saw.
    const seen = lastSeq(bookA)
    bookA.close()
    const moved = await ws(b, `/api/v1/exchange/ws/orderbook/?ticker=${TICKER}&depth=5`)
    const first = await moved.next(5000)
    t.true(first.seq >= seen, `after moving: ${first.seq}, before ${seen}`)
    t.deepEqual(first.asks, bookB.messages.at(-1).asks)
    for (const client of [onA, onB, bookB, moved]) client.close()
  },
)

test.serial(
  'Binance user data on one edge (listen key and WebSocket API) for orders placed on the other: execution reports, fills and balances from the events',
  async (t) => {
    const {urls, traders} = t.context
    const [a, b] = urls as [string, string]
    const [seller, buyer] = traders as [CrashTrader, CrashTrader]
    const open = await fetch(`${a}/api/v3/userDataStream`, {method: 'POST', headers: {'X-MBX-APIKEY': buyer.key}})
    t.is(open.status, 200, await open.clone().text())
    const {listenKey} = (await open.json()) as {listenKey: string}
    const user = await ws(a, `/ws/${listenKey}`)
    // The WebSocket API's signed subscription on the same edge (checked from the edge's replicas).
    const wsApi = await ws(a, '/ws-api/v3')
    const subscribe: Record<string, string | number> = {apiKey: buyer.key, timestamp: Date.now()}
    const signed = Object.keys(subscribe)
      .sort()
      .map((name) => `${name}=${subscribe[name]}`)
      .join('&')
    const subscribeSignature = createHmac('sha256', buyer.secret).update(signed).digest('hex')
    wsApi.ws.send(
      JSON.stringify({
        id: 'sub',
        method: 'userDataStream.subscribe.signature',
        params: {...subscribe, signature: subscribeSignature},
      }),
    )
    t.true(await waitFor(() => wsApi.messages.some((m) => m.id === 'sub'), 5000))
    t.like(
      wsApi.messages.find((m) => m.id === 'sub'),
      {status: 200, result: {subscriptionId: 0}},
    )
    await sleep(200)
    const sell = await limit(b, seller, 'sell', '29000', '0.02')
    t.is(sell.status, 200)
    const buy = await limit(b, buyer, 'buy', '29000', '0.02')
    t.is(buy.status, 200)
    const reports = () => user.messages.filter((m) => m.e === 'executionReport')
    t.true(await waitFor(() => reports().length >= 2 && user.messages.some((m) => m.e === 'outboundAccountPosition'), 10_000))
    t.deepEqual(
      reports().map((m) => [m.x, m.X, m.l, m.L]),
      [
        ['NEW', 'NEW', '0', '0'],
        ['TRADE', 'FILLED', '0.02', '29000'],
      ],
    )
    // The balances the batch left, as the sequencer has them (the Binance account answer, forwarded).
    const position = user.messages.findLast((m) => m.e === 'outboundAccountPosition')
    const params = `timestamp=${Date.now()}`
    const signature = createHmac('sha256', buyer.secret).update(params).digest('hex')
    const account = (await (
      await fetch(`${b}/api/v3/account?${params}&signature=${signature}`, {headers: {'x-mbx-apikey': buyer.key}})
    ).json()) as {
      balances: {asset: string; free: string; locked: string}[]
    }
    for (const {a: asset, f, l} of position.B as {a: string; f: string; l: string}[]) {
      t.like(
        account.balances.find((each) => each.asset === asset),
        {free: f, locked: l},
        asset,
      )
    }
    const apiReports = () => wsApi.messages.filter((m) => m.event?.e === 'executionReport').map((m) => [m.event.x, m.event.X])
    t.true(await waitFor(() => apiReports().length >= 2, 10_000))
    t.deepEqual(apiReports(), [
      ['NEW', 'NEW'],
      ['TRADE', 'FILLED'],
    ])
    user.close()
    wsApi.close()
  },
)

test.serial(
  'a listen key opened through one edge serves the other: its stream, keep-alive and close on edge B; its streams on both edges end',
  async (t) => {
    const {urls, traders} = t.context
    const [a, b] = urls as [string, string]
    const [seller, buyer] = traders as [CrashTrader, CrashTrader]
    const userData = (http: string, method: string, listenKey?: string) =>
      fetch(`${http}/api/v3/userDataStream${listenKey ? `?listenKey=${listenKey}` : ''}`, {
        method,
        headers: {'X-MBX-APIKEY': buyer.key},
      })
    const open = await userData(a, 'POST')
    t.is(open.status, 200, await open.clone().text())
    const {listenKey} = (await open.json()) as {listenKey: string}
    // At once on the other edge: the sequencer answered once its bucket held the key.
    const onB = await ws(b, `/ws/${listenKey}`)
    const onA = await ws(a, `/ws/${listenKey}`)
    const again = await userData(b, 'POST')
    t.deepEqual(await again.json(), {listenKey}, "the key's open listen key, whichever edge is asked")
    await sleep(200)
    t.is((await limit(a, seller, 'sell', '28500', '0.01')).status, 200)
    t.is((await limit(a, buyer, 'buy', '28500', '0.01')).status, 200)
    const reports = (client: Client) => client.messages.filter((m) => m.e === 'executionReport').map((m) => [m.x, m.X])
    t.true(await waitFor(() => reports(onB).length >= 2 && reports(onA).length >= 2, 10_000), JSON.stringify(onB.messages))
    t.deepEqual(reports(onB), [
      ['NEW', 'NEW'],
      ['TRADE', 'FILLED'],
    ])
    t.deepEqual(reports(onB), reports(onA))

    const keep = await userData(b, 'PUT', listenKey)
    t.is(keep.status, 200, await keep.clone().text())
    t.deepEqual(await keep.json(), {})
    const unknown = await userData(b, 'PUT', 'f'.repeat(60))
    t.is(unknown.status, 400)
    t.like(await unknown.json(), {code: -1125})

    const closed = await userData(b, 'DELETE', listenKey)
    t.deepEqual(await closed.json(), {})
    const expired = (client: Client) => client.messages.some((m) => m.e === 'listenKeyExpired' && m.listenKey === listenKey)
    t.true(await waitFor(() => expired(onA) && expired(onB), 5000), 'both edges end the streams of the closed listen key')
    const gone = await userData(a, 'PUT', listenKey)
    t.like(await gone.json(), {code: -1125, msg: 'This listenKey does not exist.'})
    const next = (await (await userData(a, 'POST')).json()) as {listenKey: string}
    t.not(next.listenKey, listenKey)
    t.regex(next.listenKey, /^[0-9a-f]{60}$/)
    for (const client of [onA, onB]) client.close()
  },
)

test.serial(
  'P2P across the edges: a seller on edge A and a buyer on edge B trade through escrow; each party’s /api/v1/p2p/ws/ on its own edge follows the order and the chat',
  async (t) => {
    const {urls, node} = t.context
    const [a, b] = urls as [string, string]
    const [seller, buyer] = await crashTraders(node, 2, {}, 'p2p')
    const {funding_account_id} = await node.admin.call<{funding_account_id: string}>('AccountsService', 'GetAccountDetails', {
      email: seller!.email,
    })
    await node.admin.call('OperationsService', 'ManualTopupBalanceAccount', {
      balance_account_id: funding_account_id,
      asset: 'USDT',
      amount: '1000',
      reason: 'p2p funding',
    })
    const p2pWs = (http: string, who: CrashTrader) => {
      const timestamp = String(Date.now())
      const signature = createHmac('sha256', who.secret).update(`${timestamp}GET/api/v1/exchange/ws/orders/`).digest('hex')
      return ws(http, `/api/v1/p2p/ws/?api_key=${who.key}&timestamp=${timestamp}&signature=${signature}`)
    }
    const post = async (http: string, who: CrashTrader, target: string, body: object = {}) => {
      const response = await signedPost(http, who, `/api/v1/p2p${target}`, body)
      const answer = (await response.json()) as Record<string, unknown>
      t.is(response.status, 200, `${target}: ${JSON.stringify(answer)}`)
      return answer
    }
    const sellerWs = await p2pWs(a, seller!)
    const buyerWs = await p2pWs(b, buyer!)
    await post(a, seller!, '/me/payment-methods/', {payment_method: 'bank_transfer', details: 'IBAN DE00 1234'})
    const ad = await post(a, seller!, '/advertisements/', sellAd)
    const order = await post(b, buyer!, '/orders/', {advertisement_id: ad['advertisement_id'], amount: '20'})
    const orderId = order['order_id'] as string
    t.like(await post(a, seller!, `/orders/${orderId}/accept/`), {status: 'ACCEPTED'})
    await post(b, buyer!, `/orders/${orderId}/messages/`, {text: 'paid from my own account'})
    t.like(await post(b, buyer!, `/orders/${orderId}/pay/`, {payment_method: 'bank_transfer'}), {status: 'PAYMENT_COMPLETED'})
    t.like(await post(a, seller!, `/orders/${orderId}/confirm/`), {status: 'SUCCESS'})

    const statuses = (client: Client) => client.messages.filter((m) => m.event === 'p2p_order').map((m) => m.order.status)
    const said = (client: Client) =>
      client.messages.some((m) => m.event === 'p2p_message' && m.message.text === 'paid from my own account')
    for (const [name, client] of [
      ['seller on edge A', sellerWs],
      ['buyer on edge B', buyerWs],
    ] as const) {
      t.true(
        await waitFor(() => statuses(client).includes('SUCCESS') && said(client), 10_000),
        `${name}: ${JSON.stringify(client.messages)}`,
      )
      t.deepEqual(statuses(client), ['CREATED', 'ACCEPTED', 'PAYMENT_COMPLETED', 'SUCCESS'], name)
    }
    const report = await node.admin.call<{ok: boolean; problems: string[]}>('LedgerService', 'VerifyLedger')
    t.true(report.ok, report.problems.join('; '))
    for (const client of [sellerWs, buyerWs]) client.close()
  },
)

test.serial(
  'statistics on the edges: ticker, miniTicker, !miniTicker@arr and kline streams follow a trade made on the other edge; aggTrades is the sequencer’s',
  async (t) => {
    const {urls, traders} = t.context
    const [a, b] = urls as [string, string]
    const [seller, buyer] = traders as [CrashTrader, CrashTrader]
    const ticker = await ws(a, '/ws/btcusdt@ticker')
    const mini = await ws(b, '/stream?streams=btcusdt@miniTicker/!miniTicker@arr')
    const kline = await ws(b, '/ws/btcusdt@kline_1m')
    // A client that joins a ticker stream gets the statistics at once, read from the sequencer.
    const joined = await ticker.next(5000)
    t.is(joined.e, '24hrTicker')
    t.is(joined.s, 'BTCUSDT')
    const price = '30555'
    const sell = await limit(a, seller, 'sell', price, '0.02')
    t.is(sell.status, 200, await sell.clone().text())
    const buy = await limit(b, buyer, 'buy', price, '0.02')
    t.is(buy.status, 200, await buy.clone().text())
    const last = (client: Client, event: string) =>
      client.messages
        .map((m) => m.data ?? m)
        .filter((m) => m.e === event && m.s === 'BTCUSDT')
        .at(-1)
    const arrays = () =>
      mini.messages.filter((m) => m.stream === '!miniTicker@arr').map((m) => m.data as {s: string; c: string}[])
    const inArray = () => arrays().some((array) => array.some((entry) => entry.s === 'BTCUSDT' && entry.c === price))
    t.true(
      await waitFor(
        () =>
          last(ticker, '24hrTicker')?.c === price &&
          last(mini, '24hrMiniTicker')?.c === price &&
          inArray() &&
          last(kline, 'kline')?.k.c === price,
        10_000,
      ),
      JSON.stringify({
        ticker: last(ticker, '24hrTicker'),
        mini: last(mini, '24hrMiniTicker'),
        kline: last(kline, 'kline'),
        arrays: arrays(),
      }),
    )
    // The REST statistics of the edge say the same.
    const day = (await (await fetch(`${a}/api/v3/ticker/24hr?symbol=BTCUSDT`)).json()) as {lastPrice: string; count: number}
    t.is(day.lastPrice, price)
    t.is(last(ticker, '24hrTicker').n, day.count)
    t.is(last(kline, 'kline').k.i, '1m')
    // aggTrades on either edge: the sequencer's groups (the same on both), the last one this trade.
    const groups = await Promise.all(
      [a, b].map(async (url) => {
        const response = await fetch(`${url}/api/v3/aggTrades?symbol=BTCUSDT&limit=5`)
        t.is(response.status, 200, await response.clone().text())
        return (await response.json()) as {a: number; p: string; q: string; f: number; l: number}[]
      }),
    )
    t.deepEqual(groups[0], groups[1])
    t.is(groups[0]!.length, 5)
    t.like(groups[0]!.at(-1), {p: price, q: '0.02'})
    t.true(groups[0]!.every((group, i) => i === 0 || group.a > groups[0]![i - 1]!.a))
    for (const client of [ticker, mini, kline]) client.close()
  },
)
