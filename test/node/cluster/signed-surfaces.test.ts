/**
 * Every signed surface of an edge admits, at once, a key its replica does not hold: REST v1, the
 * orders stream, `/api/v3` and `/sapi/v1`, the WebSocket API `/ws-api/v3` and the listen keys (their
 * endpoints, and `/ws/<listenKey>` on another edge than the one that opened it). The miss is forced, not raced: each
 * key is written to the sequencer's store by an `ApiKeys` of its own, whose changes nobody mirrors, so
 * it never reaches the key bucket; the edge finds it only by asking the sequencer
 * (docs/cluster.md "The edge"). Before the edge's checks were typed as possibly waiting, the
 * WebSocket checks read `.ok` of that wait's promise and refused such a key.
 */
import path from 'node:path'
import type {ExecutionContext} from 'ava'
import type {Account} from '../../../src/node/accounts/accounts.js'
import {ApiKeys} from '../../../src/node/apikeys/apikeys.js'
import {SECRETS_FILE, readSecrets} from '../../../src/node/auth/secrets.js'
import {openBucket} from '../../../src/node/cluster/buckets.js'
import type {ClusterConnection} from '../../../src/node/cluster/connection.js'
import {BUCKETS} from '../../../src/node/cluster/subjects.js'
import {signedV3, subscribeParams, wsApi} from '../../helpers/binance.js'
import {connectTo} from '../../helpers/cluster.js'
import {startServingEdge, type ServingEdge} from '../../helpers/edge.js'
import {startNatsServer, type NatsServer} from '../../helpers/nats.js'
import {startTestNode, uniqueEmail, type TestNode} from '../../helpers/node.js'
import {signed} from '../../helpers/rest.js'
import {daemonTest} from '../../helpers/system-daemon.js'
import {waitFor} from '../../helpers/wait.js'
import {connect, ORDERS_PATH, signedQuery} from '../../helpers/ws-clients.js'

type Context = {
  nats: NatsServer
  node: TestNode
  edges: [ServingEdge, ServingEdge]
  connection: ClusterConnection
  unmirrored: ApiKeys
}
const test = daemonTest<Context>('nats-server', 'nats-server')

test.before(async (t) => {
  const nats = await startNatsServer()
  const node = await startTestNode({role: 'sequencer', nats: {servers: [nats.url]}})
  const edges: [ServingEdge, ServingEdge] = [
    await startServingEdge(nats, 'edge-a', node.dataDir),
    await startServingEdge(nats, 'edge-b', node.dataDir),
  ]
  const connection = await connectTo(nats, 'test')
  const secrets = readSecrets(path.join(node.dataDir, SECRETS_FILE))
  t.context = {nats, node, edges, connection, unmirrored: new ApiKeys(node.services.db, secrets.encryptionKey)}
})

test.after.always(async (t) => {
  for (const edge of t.context.edges ?? []) await edge.stop()
  await t.context.connection?.close()
  await t.context.node?.close()
  await t.context.nats?.close()
})

type Key = {account: Account; apiKey: string; apiSecret: string}

/** An account with USDT on its trading balance, and a key of it that no edge holds: not in the key bucket, not in either replica. */
async function unmirroredKey(t: ExecutionContext<Context>): Promise<Key> {
  const {node, edges, connection, unmirrored} = t.context
  const account = await node.services.accounts.create(uniqueEmail('miss'), 'password123')
  node.services.operations.topup(
    {balanceAccountId: account.tradingAccountId},
    {asset: 'USDT', amount: '100', reason: 'test', operator: 'test'},
  )
  const {apiKey, apiSecret} = unmirrored.create(account.id, ['read', 'trade'], 'forced miss')
  const bucket = await openBucket(connection.nc, BUCKETS.apiKeys)
  t.is(await bucket.get(apiKey), null, 'the key never reaches the bucket')
  for (const edge of edges) t.is(edge.side.replicas.keys.get(apiKey), undefined, 'no edge holds the key')
  return {account, apiKey, apiSecret}
}

/** A USDT top-up of the account's trading balance: the user data streams push a `balanceUpdate`. */
function topUp(node: TestNode, account: Account): void {
  node.services.operations.topup(
    {balanceAccountId: account.tradingAccountId},
    {asset: 'USDT', amount: '1', reason: 'test', operator: 'test'},
  )
}

test('REST v1: a signed GET with a key the edge does not hold is admitted at once', async (t) => {
  const key = await unmirroredKey(t)
  const answer = await signed(t.context.edges[0], key, 'GET', '/balances/')
  t.is(answer.status, 200, JSON.stringify(answer.body))
  t.true(t.context.edges[0].side.replicas.keys.get(key.apiKey) !== undefined, 'held once the sequencer answered')
})

test('the orders stream: its signed upgrade with a key the edge does not hold opens, and follows the account', async (t) => {
  const {node, edges} = t.context
  const key = await unmirroredKey(t)
  const client = await connect(edges[0].wsUrl(`${ORDERS_PATH}?${signedQuery(key.apiKey, key.apiSecret)}`))
  try {
    await node.services.trading.place(key.account.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '10', qty: '0.2'})
    const message = await client.next(5000)
    t.is(message.event, 'order_update')
    t.is(message.order.price, '10')
  } finally {
    client.close()
  }
})

test('/api/v3: a signed request with a key the edge does not hold is admitted at once', async (t) => {
  const key = await unmirroredKey(t)
  const answer = await signedV3(t.context.edges[0], key, 'GET', '/api/v3/account')
  t.is(answer.status, 200, JSON.stringify(answer.body))
  t.true(Array.isArray(answer.body.balances))
})

test("/sapi/v1: the wallet with a key the edge does not hold is admitted at once; the chains are the sequencer's", async (t) => {
  const key = await unmirroredKey(t)
  const answer = await signedV3(t.context.edges[1], key, 'GET', '/sapi/v1/capital/config/getall')
  t.is(answer.status, 200, JSON.stringify(answer.body))
  const btc = answer.body.find((coin: {coin: string}) => coin.coin === 'BTC')
  // blockchains.connected is forwarded: the sequencer has no chain connected.
  t.like(btc.networkList[0], {network: 'BTC', depositEnable: false, withdrawDesc: 'chain btc is not connected'})
})

test('/ws-api/v3: userDataStream.subscribe.signature with a key the edge does not hold subscribes, and pushes', async (t) => {
  const {node, edges} = t.context
  const key = await unmirroredKey(t)
  const client = await wsApi(edges[0])
  try {
    const answer = await client.request('userDataStream.subscribe.signature', subscribeParams(key))
    t.is(answer.status, 200, JSON.stringify(answer))
    t.is(typeof answer.result.subscriptionId, 'number')
    topUp(node, key.account)
    const pushed = await client.next((message) => message.event?.e === 'balanceUpdate')
    t.is(pushed.event.a, 'USDT')
  } finally {
    client.close()
  }
})

test('listen keys: opened on one edge with a key it does not hold; followed at /ws/<listenKey> on another edge that does not hold the key either', async (t) => {
  const {node, edges} = t.context
  const key = await unmirroredKey(t)
  const opened = await fetch(`${edges[0].httpUrl}/api/v3/userDataStream`, {method: 'POST', headers: {'X-MBX-APIKEY': key.apiKey}})
  t.is(opened.status, 200)
  const {listenKey} = (await opened.json()) as {listenKey: string}
  // The other edge learns of the listen key from its bucket; of the API key, only by asking the sequencer.
  t.true(await waitFor(() => edges[1].side.replicas.listenKeys.get(listenKey) !== undefined, 5000))
  t.is(edges[1].side.replicas.keys.get(key.apiKey), undefined)
  const client = await connect(edges[1].wsUrl(`/ws/${listenKey}`))
  try {
    topUp(node, key.account)
    let update: {e?: string; a?: string} | undefined
    while (update?.e !== 'balanceUpdate') update = (await client.next(5000)) as {e?: string; a?: string}
    t.is(update.a, 'USDT')
  } finally {
    client.close()
  }
})
