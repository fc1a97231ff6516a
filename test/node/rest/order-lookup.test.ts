import test from 'ava'
import {DEFAULT_CONFIG} from '../../../src/node/ground/config.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {assertError, bearer, signed, trader} from '../../helpers/rest.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode({rateLimits: {...DEFAULT_CONFIG.rateLimits, ordersPerSecond: 1000}})
})
test.after.always(async () => {
  await node?.close()
})

const order = (clientOrderId: string) => ({
  ticker: 'BTC-USDT',
  side: 'buy',
  type: 'limit',
  price: '10000',
  qty: '0.001',
  client_order_id: clientOrderId,
})

test("GET /orders/{id}/ and /orders/by-client-id/{client_order_id}/ answer the caller's order, by session or by a key with read", async (t) => {
  const alice = await trader(node, {USDT: '100'})
  const placed = await signed(node, alice, 'POST', '/orders/place/', order('lookup-1'))
  t.is(placed.status, 200, JSON.stringify(placed.body))
  const id = placed.body.order_id

  const byId = await signed(node, alice, 'GET', `/orders/${id}/`)
  t.is(byId.status, 200, JSON.stringify(byId.body))
  t.deepEqual(byId.body, placed.body.order)
  t.deepEqual((await bearer(node, alice.token, 'GET', `/orders/${id}`)).body, placed.body.order)

  const byClientId = await bearer(node, alice.token, 'GET', '/orders/by-client-id/lookup-1/')
  t.is(byClientId.status, 200)
  t.deepEqual(byClientId.body, placed.body.order)

  // The order as it is now: cancelled.
  await signed(node, alice, 'POST', '/orders/cancel/', {order_id: id})
  t.is((await signed(node, alice, 'GET', `/orders/${id}/`)).body.status, 'cancelled')

  // A key with only `trade` may not read.
  const tradeOnly = await trader(node, {}, ['trade'])
  assertError(t, await signed(node, tradeOnly, 'GET', `/orders/${id}/`), 403, 'permission_denied')
  assertError(t, await bearer(node, undefined, 'GET', `/orders/${id}/`), 401, 'unauthorized')
})

test("another account's order is 404, as an unknown one (ids of others cannot be probed); a malformed id is 400", async (t) => {
  const alice = await trader(node, {USDT: '100'})
  const bob = await trader(node)
  const placed = await signed(node, alice, 'POST', '/orders/place/', order('mine-1'))
  t.is(placed.status, 200)
  assertError(t, await signed(node, bob, 'GET', `/orders/${placed.body.order_id}/`), 404, 'not_found')
  assertError(t, await signed(node, bob, 'GET', '/orders/by-client-id/mine-1/'), 404, 'not_found')
  assertError(t, await signed(node, alice, 'GET', '/orders/0190a6c4-0000-7000-8000-000000000000/'), 404, 'not_found')
  assertError(t, await signed(node, alice, 'GET', '/orders/by-client-id/nothing-here/'), 404, 'not_found')
  assertError(t, await signed(node, alice, 'GET', '/orders/not-a-uuid/'), 400, 'invalid_argument')
})
