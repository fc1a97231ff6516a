import test from 'ava'
import {sign} from '../../../src/node/apikeys/signature.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {connect, delay, ORDERS_PATH, refusal, signedQuery, trader, wsUrl} from '../../helpers/ws-clients.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

/** A funded account with an API key. */
async function keyed(funds: Record<string, string>, permissions = ['trade', 'read']) {
  const account = await trader(node, funds)
  const key = node.services.apiKeys.create(account.id, permissions, 'ws test')
  return {account, key}
}

const ordersUrl = (query: string, path = ORDERS_PATH) => wsUrl(node, `${path}?${query}`)

test.serial(
  'a signed connection gets order_update for open, partial, filled and cancelled, and only its own orders',
  async (t) => {
    const {account: alice, key} = await keyed({ETH: '10'})
    const bob = await trader(node, {USDT: '100000'})
    const client = await connect(ordersUrl(signedQuery(key.apiKey, key.apiSecret)))

    const placed = await node.services.trading.place(alice.id, {
      ticker: 'ETH-USDT',
      side: 'sell',
      type: 'limit',
      price: '2000',
      qty: '1',
    })
    const open = await client.next()
    t.deepEqual(Object.keys(open), ['event', 'order'])
    t.is(open.event, 'order_update')
    t.like(open.order, {
      id: placed.order.id,
      ticker: 'ETH-USDT',
      side: 'sell',
      type: 'limit',
      price: '2000',
      qty: '1',
      filled_qty: '0',
      status: 'open',
    })
    t.truthy(open.order.updated_at)

    await node.services.trading.place(bob.id, {ticker: 'ETH-USDT', side: 'buy', type: 'limit', price: '2000', qty: '0.4'})
    const partial = await client.next()
    t.like(partial.order, {id: placed.order.id, status: 'partial', filled_qty: '0.4'})

    await node.services.trading.place(bob.id, {ticker: 'ETH-USDT', side: 'buy', type: 'market', qty: '0.6'})
    const filled = await client.next()
    t.like(filled.order, {id: placed.order.id, status: 'filled', filled_qty: '1'})

    const second = await node.services.trading.place(alice.id, {
      ticker: 'ETH-USDT',
      side: 'sell',
      type: 'limit',
      price: '2500',
      qty: '0.5',
    })
    t.like((await client.next()).order, {id: second.order.id, status: 'open'})
    await node.services.trading.cancel(alice.id, {orderId: second.order.id})
    t.like((await client.next()).order, {id: second.order.id, status: 'cancelled'})

    await delay(150)
    t.is(client.messages.length, 5)
    const aliceOrders = new Set([placed.order.id, second.order.id])
    t.true(client.messages.every((message) => aliceOrders.has(message.order.id)))
    client.close()
  },
)

test.serial('the path without the trailing slash is served; the signature still covers the path with it', async (t) => {
  const {account, key} = await keyed({USDT: '1000'})
  const client = await connect(ordersUrl(signedQuery(key.apiKey, key.apiSecret), '/api/v1/exchange/ws/orders'))
  await node.services.trading.place(account.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '10000', qty: '0.001'})
  t.like((await client.next()).order, {status: 'open'})
  client.close()
})

test.serial('two sockets of one account both get each update', async (t) => {
  const {account, key} = await keyed({USDT: '1000'})
  const a = await connect(ordersUrl(signedQuery(key.apiKey, key.apiSecret)))
  const b = await connect(ordersUrl(signedQuery(key.apiKey, key.apiSecret)))
  await node.services.trading.place(account.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '10000', qty: '0.001'})
  const [fromA, fromB] = await Promise.all([a.next(), b.next()])
  t.deepEqual(fromA, fromB)
  a.close()
  b.close()
})

test.serial('a bad signature refuses the upgrade with 403 invalid_signature', async (t) => {
  const {key} = await keyed({})
  const ts = String(Date.now())
  const wrongSecret = sign('not-the-secret', ts + 'GET' + ORDERS_PATH)
  const wrongMessage = sign(key.apiSecret, ts + 'GET' + '/api/v1/exchange/ws/orders')
  for (const signature of [wrongSecret, wrongMessage, '', 'zz']) {
    const {status, body} = await refusal(ordersUrl(`api_key=${key.apiKey}&timestamp=${ts}&signature=${signature}`))
    t.is(status, 403)
    t.is(body.error.code, 'invalid_signature')
  }
})

test.serial('an unknown or missing API key refuses the upgrade with 401', async (t) => {
  const unknown = await refusal(ordersUrl(signedQuery('f'.repeat(64), 'secret')))
  t.is(unknown.status, 401)
  t.is(unknown.body.error.code, 'invalid_api_key')
  const missing = await refusal(ordersUrl(`timestamp=${Date.now()}&signature=abc`))
  t.is(missing.status, 401)
  t.is(missing.body.error.code, 'unauthorized')
})

test.serial('a stale, future or malformed timestamp refuses the upgrade with 400', async (t) => {
  const {key} = await keyed({})
  for (const timestamp of [Date.now() - 10_000, Date.now() + 60_000]) {
    const {status, body} = await refusal(ordersUrl(signedQuery(key.apiKey, key.apiSecret, timestamp)))
    t.is(status, 400)
    t.is(body.error.code, 'timestamp_outside_recv_window')
  }
  const malformed = await refusal(ordersUrl(`api_key=${key.apiKey}&timestamp=soon&signature=abc`))
  t.is(malformed.status, 400)
  t.is(malformed.body.error.code, 'invalid_argument')
})

test.serial('a key without the read permission refuses the upgrade with 403 permission_denied', async (t) => {
  const {key} = await keyed({}, ['trade'])
  const {status, body} = await refusal(ordersUrl(signedQuery(key.apiKey, key.apiSecret)))
  t.is(status, 403)
  t.is(body.error.code, 'permission_denied')
})

test.serial('a blocked account refuses the upgrade with 403 account_blocked', async (t) => {
  const {account, key} = await keyed({})
  node.services.accounts.changeStatus(account.email, 'blocked', 'test')
  const {status, body} = await refusal(ordersUrl(signedQuery(key.apiKey, key.apiSecret)))
  t.is(status, 403)
  t.is(body.error.code, 'account_blocked')
})

test.serial('a restricted account may still follow its orders', async (t) => {
  const {account, key} = await keyed({})
  node.services.accounts.changeStatus(account.email, 'restricted', 'test')
  const client = await connect(ordersUrl(signedQuery(key.apiKey, key.apiSecret)))
  t.is(client.ws.readyState, client.ws.OPEN)
  client.close()
})

test.serial("a key's IP allow-list applies: a client outside it is refused with 403, inside it connects", async (t) => {
  const account = await trader(node, {})
  const outside = node.services.apiKeys.create(account.id, ['read'], 'office', ['10.0.0.0/8'])
  const refused = await refusal(ordersUrl(signedQuery(outside.apiKey, outside.apiSecret)))
  t.is(refused.status, 403)
  t.is(refused.body.error.code, 'permission_denied')
  const inside = node.services.apiKeys.create(account.id, ['read'], 'local', ['127.0.0.1'])
  const client = await connect(ordersUrl(signedQuery(inside.apiKey, inside.apiSecret)))
  t.is(client.ws.readyState, client.ws.OPEN)
  client.close()
})
