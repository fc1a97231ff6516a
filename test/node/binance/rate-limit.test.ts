/**
 * The Binance-form API takes the public listener's unauthenticated rate class (per IP), the one the
 * /api/v1 market data has: over it, 429 with Retry-After and `{code: -1003, msg}` (CONTRACT §11).
 */
import test from 'ava'
import {DEFAULT_CONFIG} from '../../../src/node/config.js'
import {v3} from '../../helpers/binance.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'

let node: TestNode
test.before(async () => {
  // Loopback is an internal network: its rate is the one that applies here.
  node = await startTestNode({rateLimits: {...DEFAULT_CONFIG.rateLimits, internal: 1}})
})
test.after.always(async () => {
  await node?.close()
})

test('over the class: 429, Retry-After and -1003; the bucket is the one /api/v1 market data draws on', async (t) => {
  // A burst of one: the /api/v1 request takes the token the /api/v3 one would need.
  t.is((await v3(node, '/api/v1/time/')).status, 200)
  const refused = await v3(node, '/api/v3/ping')
  t.is(refused.status, 429)
  t.deepEqual(Object.keys(refused.body).sort(), ['code', 'msg'])
  t.is(refused.body.code, -1003)
  t.true(Number(refused.headers.get('retry-after')) >= 1)
  t.is(refused.headers.get('x-ratelimit-remaining'), '0')
})
