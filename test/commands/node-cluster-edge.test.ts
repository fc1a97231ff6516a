/**
 * Cluster mode with real processes (docs/cluster.md "The edge", issue 24 item 4): nats-server, one `exchange node
 * start --role sequencer` and two `--role edge` on loopback ports. Traders on different edges trade
 * with each other; an edge SIGKILLed under signed load loses no acknowledged order and the other
 * serves on; nats-server SIGKILLed and restarted, everyone serves again; the sequencer SIGKILLed,
 * edges answer 503 `unavailable` with Retry-After within a second, and after its restart every
 * acknowledged order is in its store and the ledger verifies; an edge started while no sequencer
 * answers waits, then serves. The tests run in order on one cluster (each leaves it serving).
 */
import {createHmac} from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {daemonTest} from '../helpers/system-daemon.js'
import {startNatsServer, type NatsServer} from '../helpers/nats.js'
import {tempDir} from '../helpers/node.js'
import {codeAfter, newIdentity} from '../helpers/account-flows.js'
import {connect, ORDERS_PATH, signedQuery} from '../helpers/ws-clients.js'
import {crashTraders, orderLoad, signedPost, storedOrders, type CrashNode, type CrashTrader} from '../helpers/crash-node.js'
import {adminOf, httpOf, launchEdge, launchSequencer, type ClusterProcess, type Sequencer} from '../helpers/cluster-processes.js'

type Context = {
  nats: NatsServer
  dir: string
  sequencer: Sequencer
  edges: ClusterProcess[]
  a: string
  b: string
  node: CrashNode & {close(): void}
  traders: CrashTrader[]
  acknowledged: Set<string>
}

const test = daemonTest<Context>('nats-server', 'nats-server')
const TICKER = 'ETH-USDT'

let shared: Context | undefined
const ctx = (): Context => {
  if (!shared) throw new Error('the cluster did not start')
  return shared
}

test.before(async () => {
  const nats = await startNatsServer()
  const dir = tempDir()
  const sequencer = launchSequencer(nats.url, path.join(dir, 'data'))
  // The edges start as soon as the sequencer has made its secrets, before it serves: they wait for it.
  await secretsOf(sequencer)
  const edges = [launchEdge(nats.url, sequencer.secretsFile), launchEdge(nats.url, sequencer.secretsFile)]
  await sequencer.started
  const [a, b] = await Promise.all(edges.map(httpOf))
  const node = await adminOf(sequencer, a!)
  const traders = await crashTraders(node, 2, {USDT: '100000000', ETH: '100000'}, 'edge')
  shared = {nats, dir, sequencer, edges, a: a!, b: b!, node, traders, acknowledged: new Set()}
})

test.after.always(async () => {
  if (!shared) return
  shared.node.close()
  await Promise.all([...shared.edges, shared.sequencer].map((each) => each.stop()))
  await shared.nats.close()
  fs.rmSync(shared.dir, {recursive: true, force: true})
})

/** Resolves once the sequencer's new data dir holds its secrets file, whole. */
async function secretsOf(sequencer: Sequencer): Promise<void> {
  for (;;) {
    try {
      if ((JSON.parse(fs.readFileSync(sequencer.secretsFile, 'utf8')) as {jwt_key?: string}).jwt_key) return
    } catch {
      // not written yet
    }
    if (sequencer.child.exitCode !== null) throw new Error(`the sequencer exited: ${sequencer.stderr()}`)
    await sleep(50)
  }
}

/** A signed GET as REST v1 spells it. */
function signedGet(http: string, trader: CrashTrader, target: string): Promise<Response> {
  const timestamp = String(Date.now())
  const signature = createHmac('sha256', trader.secret).update(`${timestamp}GET${target}`).digest('hex')
  return fetch(`${http}${target}`, {headers: {'x-api-key': trader.key, 'x-timestamp': timestamp, 'x-signature': signature}})
}

/** A signed Binance-form GET (`/api/v3/...`). */
function binanceGet(http: string, trader: CrashTrader, target: string, query = ''): Promise<Response> {
  const params = `${query}${query ? '&' : ''}timestamp=${Date.now()}`
  const signature = createHmac('sha256', trader.secret).update(params).digest('hex')
  return fetch(`${http}${target}?${params}&signature=${signature}`, {headers: {'x-mbx-apikey': trader.key}})
}

const place = (http: string, trader: CrashTrader, side: string, price: string, qty: string) =>
  signedPost(http, trader, '/api/v1/orders/place/', {ticker: TICKER, side, type: 'limit', price, qty})

async function verifyLedger(node: CrashNode): Promise<{ok: boolean; problems: string[]}> {
  return node.admin.call<{ok: boolean; problems: string[]}>('LedgerService', 'VerifyLedger')
}

/** Repeats `attempt` until it is true or `ms` pass. */
async function eventually(attempt: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms
  while (Date.now() < deadline) {
    if (await attempt().catch(() => false)) return true
    await sleep(100)
  }
  return false
}

test.serial('two traders on different edges trade with each other; their own reads see it; the ledger verifies', async (t) => {
  const {a, b, traders, node} = ctx()
  const [seller, buyer] = traders as [CrashTrader, CrashTrader]
  // WebSocket subscribers on both edges: the public trades, and the buyer's own orders (signed).
  const ws = (http: string, target: string) => connect(`${http.replace('http', 'ws')}${target}`)
  const tradesA = await ws(a, `/api/v1/exchange/ws/trades/?ticker=${TICKER}`)
  const tradesB = await ws(b, `/api/v1/exchange/ws/trades/?ticker=${TICKER}`)
  const ordersB = await ws(b, `${ORDERS_PATH}?${signedQuery(buyer.key, buyer.secret)}`)
  const sell = await place(a, seller, 'sell', '2000', '1.5')
  t.is(sell.status, 200, await sell.clone().text())
  const sold = (await sell.json()) as {order_id: string}
  const buy = await place(b, buyer, 'buy', '2000', '1.5')
  t.is(buy.status, 200)
  const bought = (await buy.json()) as {order_id: string; status: string; fills: {qty: string}[]}
  t.is(bought.status, 'filled')
  t.deepEqual(
    bought.fills.map((fill) => fill.qty),
    ['1.5'],
  )
  // Read-your-writes: each trader reads its order on its edge right after the answer, and on the other.
  for (const http of [a, b]) {
    const own = await signedGet(http, seller, `/api/v1/orders/${sold.order_id}/`)
    t.is(own.status, 200)
    t.is(((await own.json()) as {status: string}).status, 'filled')
  }
  for (const [name, socket] of [
    ['trades on edge A', tradesA],
    ['trades on edge B', tradesB],
    ["the buyer's orders on edge B", ordersB],
  ] as const) {
    t.true(await eventually(async () => JSON.stringify(socket.messages).includes('"1.5"'), 5000), `${name} saw the trade`)
    socket.close()
  }
  const trades = await signedGet(b, buyer, `/api/v1/trades/?ticker=${TICKER}`)
  t.is(((await trades.json()) as {total: number}).total, 1)
  // The Binance form on an edge: the signed account of the buyer, with the ETH it bought.
  const account = await binanceGet(a, buyer, '/api/v3/account')
  t.is(account.status, 200)
  const eth = ((await account.json()) as {balances: {asset: string; free: string}[]}).balances.find(
    (each) => each.asset === 'ETH',
  )
  t.is(eth?.free, '100001.497', 'bought 1.5, paid the taker fee of 0.2% in ETH')
  // Public market data on an edge.
  const info = await fetch(`${a}/api/v1/exchange/info/`)
  t.is(info.status, 200)
  t.true(((await info.json()) as {tickers: {symbol: string}[]}).tickers.some((each) => each.symbol === TICKER))
  const report = await verifyLedger(node)
  t.true(report.ok, report.problems.join('; '))
})

test.serial(
  'a key made a moment ago on the sequencer is served by an edge at once (a replica miss asks the sequencer)',
  async (t) => {
    const {b, node, traders} = ctx()
    const made = await crashTraders(node, 1, {USDT: '1000'}, 'fresh')
    const fresh = made[0]!
    const balances = await signedGet(b, fresh, '/api/v1/balances/')
    t.is(balances.status, 200, await balances.clone().text())
    const unknown = await signedGet(b, {...traders[0]!, key: 'no-such-key'}, '/api/v1/balances/')
    t.is(unknown.status, 401)
    t.is(((await unknown.json()) as {error: {code: string}}).error.code, 'invalid_api_key')
  },
)

test.serial(
  'sign-up and sign-in through the edges; the session works at once on the other edge, so does a key it makes',
  async (t) => {
    const {a, b, node} = ctx()
    const post = (http: string, target: string, body: object) =>
      fetch(`${http}/api/v1${target}`, {
        method: 'POST',
        headers: {'content-type': 'application/json'},
        body: JSON.stringify(body),
      })
    const who = newIdentity('edge-user')
    const started = await post(a, '/auth/sign-up/', who)
    t.is(started.status, 200, await started.clone().text())
    const {verification_id: verificationId} = (await started.json()) as {verification_id: string}
    // The sequencer sends an edge's messages; it has no SMTP/SMS here, so the codes are kept in its outbox.
    const codeFor = async (channel: string, to: string, marker: RegExp) => {
      const {messages} = await node.admin.call<{messages: {body: string}[]}>('OutboxService', 'ListOutbox', {
        channel,
        to,
        limit: 1,
      })
      return codeAfter(messages[0]!.body, marker)
    }
    const completed = await post(b, '/auth/sign-up/complete/', {
      verification_id: verificationId,
      email_code: await codeFor('email', who.email, /code is/),
      sms_code: await codeFor('sms', who.phone, /code:/),
    })
    t.is(completed.status, 200, await completed.clone().text())
    const signIn = await post(a, '/auth/sign-in/', {email: who.email, password: who.password})
    t.is(signIn.status, 200, await signIn.clone().text())
    const {access_token: token} = (await signIn.json()) as {access_token: string}
    const bearer = {authorization: `Bearer ${token}`, 'content-type': 'application/json'}
    const me = await fetch(`${b}/api/v1/accounts/me/`, {headers: bearer})
    t.is(me.status, 200, await me.clone().text())
    const made = await fetch(`${b}/api/v1/api-keys/`, {
      method: 'POST',
      headers: bearer,
      body: JSON.stringify({permissions: ['read']}),
    })
    t.is(made.status, 200, await made.clone().text())
    const key = (await made.json()) as {api_key: string; api_secret: string}
    const read = await signedGet(a, {email: who.email, key: key.api_key, secret: key.api_secret}, '/api/v1/orders/')
    t.is(read.status, 200, await read.clone().text())
    const signOut = await fetch(`${a}/api/v1/auth/sign-out/`, {method: 'POST', headers: bearer})
    t.is(signOut.status, 200)
    t.true(
      await eventually(async () => (await fetch(`${b}/api/v1/accounts/me/`, {headers: bearer})).status === 401, 5000),
      'the revoked session reaches the other edge',
    )
  },
)

test.serial(
  'an edge SIGKILLed under signed load: every acknowledged order is on the sequencer; the other edge serves on',
  async (t) => {
    const {a, b, traders, node, edges, acknowledged} = ctx()
    const onA = orderLoad({...node, http: a}, traders, TICKER, acknowledged)
    const onB = orderLoad({...node, http: b}, traders, TICKER, acknowledged)
    await sleep(1500)
    await edges[0]!.kill()
    const sentA = await onA.stop()
    await sleep(500)
    const sentB = await onB.stop()
    t.true(sentA > 0 && sentB > 0)
    const after = await place(b, traders[0]!, 'buy', '1990', '1')
    t.is(after.status, 200, 'the other edge serves after the kill')
    acknowledged.add(((await after.json()) as {order_id: string}).order_id)
    const stored = await storedOrders(node, traders)
    const missing = [...acknowledged].filter((id) => !stored.has(id))
    t.deepEqual(missing, [], `${acknowledged.size} acknowledged`)
    // A replacement edge for the next tests.
    edges[0] = launchEdge(ctx().nats.url, ctx().sequencer.secretsFile)
    ctx().a = await httpOf(edges[0])
  },
)

test.serial('nats-server SIGKILLed and restarted: edges answer unavailable meanwhile, then everyone serves again', async (t) => {
  const {nats, b, traders} = ctx()
  await nats.kill()
  const during = await place(b, traders[0]!, 'buy', '1990', '1')
  t.is(during.status, 503)
  t.truthy(during.headers.get('retry-after'))
  t.is(((await during.json()) as {error: {code: string}}).error.code, 'unavailable')
  await nats.restart()
  for (const http of [ctx().a, b]) {
    t.true(
      await eventually(async () => {
        const response = await place(http, traders[1]!, 'sell', '2010', '1')
        if (response.status === 200) ctx().acknowledged.add(((await response.json()) as {order_id: string}).order_id)
        return response.status === 200
      }, 20_000),
      `${http} serves after the restart`,
    )
  }
})

test.serial(
  'sequencer SIGKILLed: 503 with Retry-After within 1 s; an edge started meanwhile waits; after the restart nothing acknowledged is missing',
  async (t) => {
    const {b, traders, node, sequencer, acknowledged, nats} = ctx()
    const load = orderLoad({...node, http: b}, traders, TICKER, acknowledged)
    await sleep(1000)
    node.close()
    await sequencer.kill()
    await load.stop()
    for (const http of [ctx().a, b]) {
      const started = Date.now()
      const refused = await place(http, traders[0]!, 'buy', '1990', '1')
      const ms = Date.now() - started
      t.is(refused.status, 503)
      t.true(ms < 1000, `answered in ${ms} ms`)
      t.is(refused.headers.get('retry-after'), '1')
      t.is(((await refused.json()) as {error: {code: string}}).error.code, 'unavailable')
    }
    // The Binance form's own error shape.
    const binance = await binanceGet(b, traders[0]!, '/api/v3/account')
    t.is(binance.status, 503)
    t.truthy(binance.headers.get('retry-after'))
    t.is(typeof ((await binance.json()) as {code: number}).code, 'number')
    // An edge started while no sequencer answers waits for it.
    const late = launchEdge(nats.url, sequencer.secretsFile)
    ctx().edges.push(late)
    await sleep(2000)
    t.false(late.isStarted(), 'the new edge waits for the sequencer')
    const restarted = launchSequencer(nats.url, sequencer.dataDir)
    ctx().sequencer = restarted
    const again = await adminOf(restarted, b)
    ctx().node = again
    const lateHttp = await httpOf(late)
    for (const http of [ctx().a, b, lateHttp]) {
      t.true(
        await eventually(async () => (await place(http, traders[1]!, 'sell', '2010', '1')).status === 200, 20_000),
        `${http} serves after the sequencer's restart`,
      )
    }
    const stored = await storedOrders(again, traders)
    const missing = [...acknowledged].filter((id) => !stored.has(id))
    t.deepEqual(missing, [], `${acknowledged.size} acknowledged`)
    const report = await verifyLedger(again)
    t.true(report.ok, report.problems.join('; '))
  },
)
