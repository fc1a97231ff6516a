/**
 * The WebSocket half of cluster mode (docs/cluster.md "Events and WebSocket fan-out"):
 * a real sequencer, a real nats-server, and two edges whose public listeners' streams read only the
 * event stream (test/helpers/edge-streams.ts). Subscribers on both edges see the same trades in the
 * same order as the sequencer's own; a book built from an edge's depth diffs is the sequencer's REST
 * depth, ids included; the v1 orderbook `seq` is the book's update id on every edge; nats-server
 * restarted mid-stream loses and repeats nothing; balances and P2P events reach an edge.
 */
import path from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {readSecrets, SECRETS_FILE} from '../../../src/node/auth/secrets.js'
import {DEFAULT_CONFIG} from '../../../src/node/ground/config.js'
import {daemonTest} from '../../helpers/system-daemon.js'
import {startNatsServer, type NatsServer} from '../../helpers/nats.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {freshPair, trader} from '../../helpers/market.js'
import {v3} from '../../helpers/binance.js'
import {connect, wsUrl, type Client} from '../../helpers/ws-clients.js'
import {startTestEdge, type TestEdge} from '../../helpers/edge-streams.js'
import {waitFor} from '../../helpers/wait.js'
import type {Posted} from '../../../src/node/ledger/types.js'
import type {CommittedEvents} from '../../../src/node/trading/types.js'

type Context = {nats: NatsServer; node: TestNode; edges: TestEdge[]}
const test = daemonTest<Context>('nats-server', 'nats-server')

test.before(async (t) => {
  const nats = await startNatsServer()
  const node = await startTestNode({
    role: 'sequencer',
    nats: {servers: [nats.url]},
    // Its own public listener: the reference the edges' streams are compared with.
    sequencerPublic: true,
    rateLimits: {...DEFAULT_CONFIG.rateLimits, internal: 100_000, ordersPerSecond: 100_000},
  })
  const secrets = readSecrets(path.join(node.dataDir, SECRETS_FILE))
  const edges = [await startTestEdge(nats, 'edge-a', secrets), await startTestEdge(nats, 'edge-b', secrets)]
  t.context = {nats, node, edges}
})

test.after.always(async (t) => {
  for (const edge of t.context.edges ?? []) await edge.stop()
  await t.context.node?.close()
  await t.context.nats?.close()
})

const streamName = (symbol: string) => symbol.replace('-', '').toLowerCase()

/** Every message of `client` that is a Binance trade, as `t` (trade seq) and price. */
const binanceTrades = (client: Client) => client.messages.filter((m) => m.e === 'trade').map((m) => `${m.t}@${m.p}x${m.q}`)
const v1Trades = (client: Client) => client.messages.filter((m) => m.id && m.price).map((m) => `${m.id}@${m.price}x${m.qty}`)

/** A maker's resting sell and a taker's buy at `price`: one trade. */
async function oneTrade(node: TestNode, symbol: string, maker: {id: string}, taker: {id: string}, price: string) {
  await node.services.trading.place(maker.id, {ticker: symbol, side: 'sell', type: 'limit', price, qty: '0.01'})
  await node.services.trading.place(taker.id, {ticker: symbol, side: 'buy', type: 'limit', price, qty: '0.01'})
}

test.serial('subscribers on two edges see the same trades, in the sequencer’s order, on both stream forms', async (t) => {
  const {node, edges} = t.context
  // A ticker created after the edges started: they learn it from its first event.
  const symbol = freshPair(node, 'ES')
  const base = symbol.split('-')[0]!
  const maker = await trader(node, {[base]: '100'})
  const taker = await trader(node, {USDT: '1000000'})
  const name = streamName(symbol)
  // The first trade makes the ticker known on the edges (their tickers are read again on it).
  await oneTrade(node, symbol, maker, taker, '100')
  t.true(await waitFor(() => edges.every((edge) => edge.streams.markets.tickerService.get(symbol) !== undefined), 10_000))
  const reference = await connect(wsUrl(node, `/ws/${name}@trade`))
  const clients = await Promise.all(
    edges.flatMap((edge) => [
      connect(edge.url(`/ws/${name}@trade`)),
      connect(edge.url(`/api/v1/exchange/ws/trades/?ticker=${symbol}`)),
    ]),
  )
  await sleep(100)
  for (let i = 0; i < 30; i++) await oneTrade(node, symbol, maker, taker, String(100 + (i % 7)))
  const count = () => [reference, ...clients].map((client) => client.messages.filter((m) => m.e === 'trade' || m.price).length)
  t.true(await waitFor(() => count().every((n) => n >= 30), 15_000), `messages: ${count().join(', ')}`)
  await sleep(200)
  const expected = binanceTrades(reference)
  t.is(expected.length, 30)
  t.deepEqual(binanceTrades(clients[0]!), expected, 'edge A, Binance form')
  t.deepEqual(binanceTrades(clients[2]!), expected, 'edge B, Binance form')
  t.deepEqual(v1Trades(clients[1]!), v1Trades(clients[3]!), 'the v1 trades stream of both edges')
  t.is(v1Trades(clients[1]!).length, 30)
  for (const client of [reference, ...clients]) client.close()
})

test.serial(
  'a book built from an edge’s depth diffs after a burst of orders is the sequencer’s REST depth, ids included',
  async (t) => {
    const {node, edges} = t.context
    const symbol = freshPair(node, 'EB')
    const base = symbol.split('-')[0]!
    const a = await trader(node, {[base]: '1000', USDT: '10000000'})
    const b = await trader(node, {[base]: '1000', USDT: '10000000'})
    const name = streamName(symbol)
    await node.services.trading.place(a.id, {ticker: symbol, side: 'buy', type: 'limit', price: '50', qty: '1'})
    t.true(await waitFor(() => edges.every((edge) => edge.streams.markets.depth(symbol, 1).bids.length === 1), 10_000))
    const diffs = await connect(edges[0]!.url(`/ws/${name}@depth@100ms`))
    const book = await connect(edges[1]!.url(`/api/v1/exchange/ws/orderbook/?ticker=${symbol}&depth=200`))
    await sleep(100)
    const snapshot = (await v3(node, `/api/v3/depth?symbol=${name.toUpperCase()}&limit=5000`)).body
    // A burst: 200 orders side by side, crossing and resting at 40 prices, some cancelled.
    let seed = 7
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647
    const burst: Promise<unknown>[] = []
    for (let i = 0; i < 200; i++) {
      const who = random() < 0.5 ? a : b
      const side = random() < 0.5 ? 'buy' : 'sell'
      const price = String(80 + Math.floor(random() * 40))
      const qty = (0.001 * (1 + Math.floor(random() * 50))).toFixed(3)
      burst.push(node.services.trading.place(who.id, {ticker: symbol, side, type: 'limit', price, qty}).catch(() => undefined))
    }
    await Promise.all(burst)
    for (const order of node.services.trading.listOrders({accountId: a.id, limit: 20, offset: 0, open: true}).orders) {
      await node.services.trading.cancel(a.id, {orderId: order.id}).catch(() => undefined)
    }
    const final = (await v3(node, `/api/v3/depth?symbol=${name.toUpperCase()}&limit=5000`)).body
    const levels = {b: new Map<string, string>(snapshot.bids), a: new Map<string, string>(snapshot.asks)}
    let last = snapshot.lastUpdateId
    let taken = 0
    const deadline = Date.now() + 15_000
    while (last < final.lastUpdateId && Date.now() < deadline) {
      const message = diffs.messages[taken]
      if (!message) {
        await sleep(20)
        continue
      }
      taken++
      if (message.e !== 'depthUpdate' || message.u <= last) continue
      t.true(message.U <= last + 1 && last + 1 <= message.u, `U ${message.U} u ${message.u} after ${last}`)
      for (const side of ['b', 'a'] as const) {
        for (const [price, qty] of message[side] as [string, string][]) {
          if (qty === '0') levels[side].delete(price)
          else levels[side].set(price, qty)
        }
      }
      last = message.u
    }
    t.is(last, final.lastUpdateId, 'the diffs reach the sequencer’s update id')
    const sorted = (map: Map<string, string>, descending: boolean) =>
      [...map].sort((x, y) => (descending ? Number(y[0]) - Number(x[0]) : Number(x[0]) - Number(y[0])))
    t.deepEqual(sorted(levels.b, true), final.bids)
    t.deepEqual(sorted(levels.a, false), final.asks)
    // The edge's own depth, and the v1 orderbook stream of the other edge, with the same id.
    t.deepEqual(edges[0]!.streams.markets.depth(symbol, 5000).updateId, final.lastUpdateId)
    t.true(
      await waitFor(() => book.messages.at(-1)?.seq === final.lastUpdateId, 5000),
      'the v1 orderbook seq is the book’s update id',
    )
    const v1 = book.messages.at(-1)!
    t.deepEqual(v1.bids, final.bids.slice(0, 200))
    t.deepEqual(v1.asks, final.asks.slice(0, 200))
    const seqs = book.messages.map((m: {seq: number}) => m.seq)
    t.true(
      seqs.every((seq: number, i: number) => i === 0 || seq > seqs[i - 1]),
      'increasing',
    )
    diffs.close()
    book.close()
  },
)

test.serial('nats-server restarted mid-stream: an edge’s subscribers miss no trade and get none twice', async (t) => {
  const {nats, node, edges} = t.context
  const symbol = freshPair(node, 'ER')
  const base = symbol.split('-')[0]!
  const maker = await trader(node, {[base]: '100'})
  const taker = await trader(node, {USDT: '1000000'})
  const name = streamName(symbol)
  // The first trade handed out by every edge before anyone subscribes: an edge behind the sequencer
  // would otherwise show it to a socket the sequencer's own listener opened after it.
  const traded = edges.map(() => false)
  const offs = edges.map((edge, i) => {
    const onCommitted = (batch: CommittedEvents) => {
      if (batch.trades.some((trade) => trade.ticker === symbol)) traded[i] = true
    }
    edge.streams.trading.events.on('committed', onCommitted)
    return () => edge.streams.trading.events.off('committed', onCommitted)
  })
  await oneTrade(node, symbol, maker, taker, '100')
  t.true(await waitFor(() => traded.every(Boolean), 10_000))
  for (const off of offs) off()
  const reference = await connect(wsUrl(node, `/ws/${name}@trade`))
  const onEdges = await Promise.all(edges.map((edge) => connect(edge.url(`/ws/${name}@trade`))))
  await sleep(100)
  let trading = true
  const load = (async () => {
    for (let i = 0; trading; i++) {
      await oneTrade(node, symbol, maker, taker, String(100 + (i % 5)))
      await sleep(5)
    }
  })()
  t.true(await waitFor(() => binanceTrades(onEdges[0]!).length > 10, 10_000))
  await nats.restart()
  await sleep(500)
  trading = false
  await load
  const expected = () => binanceTrades(reference)
  t.true(
    await waitFor(() => onEdges.every((client) => binanceTrades(client).length >= expected().length), 20_000),
    `reference ${expected().length}, edges ${onEdges.map((c) => binanceTrades(c).length).join(', ')}`,
  )
  await sleep(200)
  for (const client of onEdges) t.deepEqual(binanceTrades(client), expected(), 'every trade once, in order')
  t.true(expected().length > 20)
  for (const client of [reference, ...onEdges]) client.close()
})

test.serial('a ledger posting reaches an edge’s onPosted with the balance it left', async (t) => {
  const {node, edges} = t.context
  const posted: Posted[] = []
  const off = edges[1]!.streams.ledger.onPosted((event) => posted.push(event))
  const account = await trader(node, {USDT: '12.5'})
  t.true(
    await waitFor(
      () => posted.some((event) => event.postings.some((p) => p.balanceAccountId === account.tradingAccountId)),
      10_000,
    ),
  )
  off()
  const balances = edges[1]!.streams.balanceService.list(account, account.tradingAccountId)
  t.deepEqual(
    balances.map((balance) => [balance.asset, balance.available, balance.locked, balance.kind]),
    [['USDT', 12_500_000n, 0n, 'trading']],
  )
})

test.serial(
  'a batch of several accounts reaches an edge as one committed in the sequencer’s order (one message per subject, put back in order)',
  async (t) => {
    const {node, edges} = t.context
    const symbol = freshPair(node, 'O')
    const base = symbol.split('-')[0]!
    const maker = await trader(node, {[base]: '10'})
    const [first, second] = [await trader(node, {USDT: '1000000'}), await trader(node, {USDT: '1000000'})]
    await node.services.trading.place(maker.id, {ticker: symbol, side: 'sell', type: 'limit', price: '50', qty: '1'})
    const onSequencer: string[][] = []
    const onEdge: string[][] = []
    /** A committed batch of `symbol` as its lists: orders (account, status, filled), trades, fills (taker, maker's filled after). */
    const describe = (batch: CommittedEvents) => [
      ...batch.orders
        .filter((o) => o.order.ticker === symbol)
        .map((o) => `order ${o.accountId} ${o.order.status} ${o.order.filledQty}`),
      ...batch.trades.filter((trade) => trade.ticker === symbol).map((trade) => `trade ${trade.qty}`),
      ...batch.fills
        .filter((fill) => fill.row.ticker === symbol)
        .map((fill) => `fill ${fill.row.taker_account_id} ${fill.maker.filledLots}`),
    ]
    const fromSequencer = (batch: CommittedEvents) => void onSequencer.push(describe(batch))
    const fromEdge = (batch: CommittedEvents) => void onEdge.push(describe(batch))
    node.services.trading.events.on('committed', fromSequencer)
    edges[0]!.streams.trading.events.on('committed', fromEdge)
    try {
      // One turn of the event loop: one batch in which the maker is taken by first, second, first.
      const placed = [first, second, first].map((taker) =>
        node.services.trading.place(taker.id, {ticker: symbol, side: 'buy', type: 'limit', price: '50', qty: '0.1'}),
      )
      await Promise.all(placed)
      // The batches with this pair's fills (the edge may still be handing out the maker's own).
      const mine = (batches: string[][]) => batches.filter((lines) => lines.some((line) => line.startsWith('fill')))
      t.true(await waitFor(() => mine(onEdge).length >= mine(onSequencer).length && mine(onSequencer).length > 0, 10_000))
      t.is(mine(onSequencer).length, 1, 'one batch')
      t.deepEqual(mine(onEdge), mine(onSequencer))
      const fills = mine(onEdge)[0]!.filter((line) => line.startsWith('fill'))
      t.deepEqual(
        fills.map((line) => line.split(' ')[1]),
        [first.id, second.id, first.id],
        'the fills in the order they were made, across subjects',
      )
    } finally {
      node.services.trading.events.off('committed', fromSequencer)
      edges[0]!.streams.trading.events.off('committed', fromEdge)
    }
  },
)
