import fs from 'node:fs'
import test from 'ava'
import {DEFAULT_CONFIG} from '../../../src/node/ground/config.js'
import {startTestNode, tempDir, type TestNode} from '../../helpers/node.js'
import {assertError, bearer, signed, trader} from '../../helpers/rest.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode({rateLimits: {...DEFAULT_CONFIG.rateLimits, ordersPerSecond: 1}})
})
test.after.always(async () => {
  await node?.close()
})

test('rateLimits.ordersPerSecond replaces every tier’s orders_per_second', async (t) => {
  const alice = await trader(node, {USDT: '1000'})
  t.is((await bearer(node, alice.token, 'GET', '/accounts/me/')).body.tier.orders_per_second, 1)
  const order = {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '10000', qty: '0.001'}
  t.is((await signed(node, alice, 'POST', '/orders/place/', order)).status, 200)
  const refused = await signed(node, alice, 'POST', '/orders/cancel-all/', {ticker: 'BTC-USDT'})
  assertError(t, refused, 429, 'rate_limited')
  t.is(refused.headers.get('X-RateLimit-Limit'), '1')
  t.is((await bearer(node, alice.token, 'GET', '/orders/')).status, 200, 'reads are not order requests')
})

test('a malformed internal CIDR stops the node from starting', async (t) => {
  const dataDir = tempDir()
  await t.throwsAsync(startTestNode({dataDir, rateLimits: {...DEFAULT_CONFIG.rateLimits, internalCidrs: ['10.0.0.0/33']}}), {
    message: /prefix/,
  })
  fs.rmSync(dataDir, {recursive: true, force: true})
})
