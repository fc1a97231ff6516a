/**
 * Stop orders in cluster mode (docs/trading.md "Stop orders"): they live on the sequencer, with the
 * books. Placed through an edge over REST v1 and the Binance form, they wait; a trade placed through
 * the other edge triggers them; both edges read the orders as the sequencer left them, and the
 * edge's orders stream carries the placement and the trigger, stop fields and all.
 */
import {freshPair} from '../../helpers/market.js'
import {startServingEdge, type ServingEdge} from '../../helpers/edge.js'
import {signedV3} from '../../helpers/binance.js'
import {startNatsServer, type NatsServer} from '../../helpers/nats.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {signed, trader} from '../../helpers/rest.js'
import {daemonTest} from '../../helpers/system-daemon.js'
import {waitFor} from '../../helpers/wait.js'
import {connect, ORDERS_PATH, signedQuery} from '../../helpers/ws-clients.js'

type Context = {nats: NatsServer; node: TestNode; edges: [ServingEdge, ServingEdge]}
const test = daemonTest<Context>('nats-server', 'nats-server')

test.before(async (t) => {
  const nats = await startNatsServer()
  const node = await startTestNode({role: 'sequencer', nats: {servers: [nats.url]}})
  const edges: [ServingEdge, ServingEdge] = [
    await startServingEdge(nats, 'edge-a', node.dataDir),
    await startServingEdge(nats, 'edge-b', node.dataDir),
  ]
  t.context = {nats, node, edges}
})

test.after.always(async (t) => {
  for (const edge of t.context.edges ?? []) await edge.stop()
  await t.context.node?.close()
  await t.context.nats?.close()
})

test('a stop placed through one edge waits on the sequencer, a trade through the other triggers it, and the stream tells both', async (t) => {
  const {node, edges} = t.context
  const symbol = freshPair(node, 'CS')
  const pair = symbol.replace('-', '')
  const base = symbol.split('-')[0]!
  const maker = await trader(node, {[base]: '100', USDT: '100000'})
  const taker = await trader(node, {[base]: '100', USDT: '100000'})
  const stopper = await trader(node, {[base]: '10', USDT: '1000'})
  const place = (edge: ServingEdge, who: typeof maker, body: Record<string, unknown>) =>
    signed(edge, who, 'POST', '/orders/place/', {ticker: symbol, ...body})
  // The first trade sets the last price at 100 (the edges learn the ticker from its events).
  t.is((await place(edges[0], maker, {side: 'sell', type: 'limit', price: '100', qty: '0.01'})).status, 200)
  t.is((await place(edges[1], taker, {side: 'buy', type: 'limit', price: '100', qty: '0.01'})).status, 200)

  const stream = await connect(edges[0].wsUrl(`${ORDERS_PATH}?${signedQuery(stopper.apiKey, stopper.apiSecret)}`))
  const v1 = await place(edges[0], stopper, {side: 'sell', type: 'stop_market', stop_price: '95', qty: '1'})
  t.is(v1.status, 200, JSON.stringify(v1.body))
  t.like(v1.body.order, {type: 'stop_market', status: 'open', stop_price: '95', stop_direction: 'fall', triggered_at: null})
  const v3 = await signedV3(edges[1], stopper, 'POST', '/api/v3/order', {
    symbol: pair,
    side: 'BUY',
    type: 'STOP_LOSS_LIMIT',
    timeInForce: 'GTC',
    quantity: '1',
    price: '121',
    stopPrice: '120',
  })
  t.is(v3.status, 200, JSON.stringify(v3.body))
  t.true(node.services.trading.book(symbol).stops.has(v1.body.order.seq), 'the stop waits in the sequencer’s index')
  const open = await signed(edges[1], stopper, 'GET', `/orders/?ticker=${symbol}&status=open`)
  t.deepEqual(
    open.body.orders.map((o: any) => [o.type, o.stop_price, o.triggered_at]),
    [
      ['stop_limit', '120', null],
      ['stop_market', '95', null],
    ],
  )

  // A bid at 94 for the stop to sell into, and a trade at 95 through edge B.
  await place(edges[1], maker, {side: 'buy', type: 'limit', price: '94', qty: '5'})
  await place(edges[1], maker, {side: 'buy', type: 'limit', price: '95', qty: '0.01'})
  await place(edges[1], taker, {side: 'sell', type: 'limit', price: '95', qty: '0.01'})
  const triggered = () => stream.messages.filter((m) => m.order?.id === v1.body.order_id && m.order.triggered_at !== null)
  t.true(await waitFor(() => triggered().some((m) => m.order.status === 'filled'), 10_000), JSON.stringify(stream.messages))
  t.like(triggered().at(-1).order, {type: 'stop_market', stop_price: '95', filled_qty: '1', avg_price: '94'})
  const read = await signed(edges[1], stopper, 'GET', `/orders/${v1.body.order_id}/`)
  t.like(read.body, {status: 'filled', stop_price: '95'})
  t.truthy(read.body.triggered_at)
  stream.ws.close()
  t.true(node.services.ledger.verify().ok)
})
