/**
 * The web app's session on a cluster edge (docs/rest.md "Browsers: cookies, CSRF and CORS",
 * docs/cluster.md "The edge"): the transports are the node's, the session check the edge's
 * (cluster/edge/sessions.ts). A user signs up at the sequencer and signs in through the edge's
 * gateway; the cookie that sign-in set reads, and writes with `X-Requested-With: exchange-web`, through
 * the edge (403 csrf_refused without it, nothing placed), and opens the edge's orders stream from
 * the page's Origin.
 */
import {fromPage, pageSocket, signInPage, signUpPage} from '../../helpers/web-session.js'
import {startServingEdge, type ServingEdge} from '../../helpers/edge.js'
import {startNatsServer, type NatsServer} from '../../helpers/nats.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {assertError} from '../../helpers/rest.js'
import {daemonTest} from '../../helpers/system-daemon.js'
import {waitFor} from '../../helpers/wait.js'
import {connect, ORDERS_PATH, refusal} from '../../helpers/ws-clients.js'

type Context = {nats: NatsServer; node: TestNode; edge: ServingEdge}
const test = daemonTest<Context>('nats-server', 'nats-server')

const ORDER = {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '10000', qty: '0.001'}

test.before(async (t) => {
  const nats = await startNatsServer()
  // The sequencer serves its public API too, with room in the sign-up class (an edge keeps the default one).
  const node = await startTestNode({
    role: 'sequencer',
    nats: {servers: [nats.url]},
    sequencerPublic: true,
    rateLimits: {standard: 1000, strict: 1000, internal: 1000, internalCidrs: []},
  })
  t.context = {nats, node, edge: await startServingEdge(nats, 'edge-web', node.dataDir)}
})

test.after.always(async (t) => {
  await t.context.edge?.stop()
  await t.context.node?.close()
  await t.context.nats?.close()
})

test('through an edge: the cookie its sign-in set reads, writes with the header only, and follows the orders stream', async (t) => {
  const {node, edge} = t.context
  const who = await signUpPage(t, node, node, 'edge-web')
  const account = node.services.accounts.byId(who.accountId)!
  node.services.operations.topup(
    {balanceAccountId: account.tradingAccountId},
    {asset: 'USDT', amount: '100', reason: 'test', operator: 'test'},
  )
  const browser = {...who, cookie: await signInPage(t, edge, who)}

  const me = await fromPage(edge, browser, 'GET', '/accounts/me/', undefined, {web: false})
  t.is(me.status, 200, JSON.stringify(me.body))
  t.is(me.body.id, who.accountId)

  const stream = await connect(edge.wsUrl(ORDERS_PATH), pageSocket(browser.cookie, edge.httpUrl))
  try {
    assertError(
      t,
      await fromPage(edge, browser, 'POST', '/orders/place/', ORDER, {web: false, origin: edge.httpUrl}),
      403,
      'csrf_refused',
    )
    const placed = await fromPage(edge, browser, 'POST', '/orders/place/', ORDER, {origin: edge.httpUrl})
    t.is(placed.status, 200, JSON.stringify(placed.body))
    t.like((await stream.next(5000)).order, {id: placed.body.order_id, status: 'open'})
    const listed = await fromPage(edge, browser, 'GET', '/orders/')
    t.deepEqual(
      listed.body.orders.map((order: {id: string}) => order.id),
      [placed.body.order_id],
      'the headerless write placed nothing',
    )
  } finally {
    stream.close()
  }
  const foreign = await refusal(edge.wsUrl(ORDERS_PATH), pageSocket(browser.cookie, 'https://evil.example'))
  t.is(foreign.status, 403)
  t.is(foreign.body.error.code, 'csrf_refused')

  // Signed out through the edge, the cookie is refused by the sequencer's own API at once, and by the edge once the
  // revocation reaches its replica of the sessions (docs/cluster.md "Reference data").
  t.is((await fromPage(edge, browser, 'POST', '/auth/sign-out/', {})).status, 200)
  assertError(t, await fromPage(node, browser, 'GET', '/accounts/me/'), 401, 'unauthorized')
  t.true(await waitFor(async () => (await fromPage(edge, browser, 'GET', '/accounts/me/')).status === 401, 5000))
  assertError(t, await fromPage(edge, browser, 'GET', '/accounts/me/'), 401, 'unauthorized')
})
