import {setTimeout as sleep} from 'node:timers/promises'
import test from 'ava'
import {IpSet, internalNetworks, normalizeIp, parseCidr} from '../../../src/node/http/net.js'
import {RateLimiter, rateClassOf} from '../../../src/node/http/rate-limiter.js'
import {checkRecvWindow} from '../../../src/node/rest/recv-window.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {assertError, bearer, signed, trader} from '../../helpers/rest.js'

let node: TestNode
test.before(async () => {
  // Loopback is internal, so these tests see the internal rate (3/s); standard would apply elsewhere.
  node = await startTestNode({rateLimits: {standard: 2, strict: 1, internal: 3, internalCidrs: ['10.0.0.0/8']}})
})
test.after.always(async () => {
  await node?.close()
})

test('token bucket: burst equals the rate, refills continuously, a refused take costs nothing', (t) => {
  let now = 1_000_000
  const limiter = new RateLimiter(() => now)
  t.like(limiter.take('a', 2), {allowed: true, limit: 2, remaining: 1})
  t.like(limiter.take('a', 2), {allowed: true, remaining: 0})
  t.deepEqual(limiter.take('a', 2), {allowed: false, limit: 2, remaining: 0, retryAfterSeconds: 1})
  t.like(limiter.take('b', 2), {allowed: true, remaining: 1}, 'buckets are per key')
  now += 499
  t.like(limiter.take('a', 2), {allowed: false})
  now += 1
  t.like(limiter.take('a', 2), {allowed: true, remaining: 0})
  now += 10_000
  t.like(limiter.take('a', 2), {allowed: true, remaining: 1}, 'never more than the burst')
  // A slow rate still admits one request; the wait is rounded up to whole seconds.
  t.like(limiter.take('slow', 0.25), {allowed: true})
  t.is(limiter.take('slow', 0.25).retryAfterSeconds, 4)
})

test('token bucket: idle full buckets are swept after a minute', (t) => {
  let now = 0
  const limiter = new RateLimiter(() => now)
  for (let i = 0; i < 100; i++) limiter.take(`k${i}`, 5)
  t.is(limiter.size, 100)
  now += 61_000
  limiter.take('fresh', 5)
  t.is(limiter.size, 1)
})

test('networks: CIDRs, single addresses, IPv4-mapped IPv6, loopback always internal', (t) => {
  const internal = internalNetworks(['10.0.0.0/8', 'fd00::/8'])
  for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.20.30.40', '::ffff:10.0.0.1', 'fd12::1'])
    t.true(internal.has(ip), ip)
  for (const ip of ['11.0.0.1', '192.168.1.1', '2001:db8::1', 'garbage', '']) t.false(internal.has(ip), ip)
  t.is(normalizeIp('::ffff:1.2.3.4'), '1.2.3.4')
  t.deepEqual(parseCidr('1.2.3.4'), {address: '1.2.3.4', prefix: 32, family: 'ipv4'})
  for (const bad of ['10.0.0.0/33', '300.1.1.1', 'x/8', '10.0.0.0/8/8', '::1/129']) {
    t.throws(() => parseCidr(bad), {message: /not an IP address|prefix/})
  }
  t.throws(() => internalNetworks(['10.0.0.0/99']))
  const lenient = new IpSet(['bogus', '8.8.8.8'], {lenient: true})
  t.is(lenient.size, 1)
  t.true(lenient.has('8.8.8.8'))
  t.deepEqual(rateClassOf('10.1.1.1', internal, {standard: 5, internal: 40}), {name: 'internal', rate: 40})
  t.deepEqual(rateClassOf('8.8.8.8', internal, {standard: 5, internal: 40}), {name: 'standard', rate: 5})
})

test('receive window arithmetic: inclusive bounds, 1 s of clock skew ahead', (t) => {
  const now = 1_700_000_000_000
  t.notThrows(() => checkRecvWindow(String(now - 5000), '', now))
  t.throws(() => checkRecvWindow(String(now - 5001), '', now), {message: /outside the receive window of 5000/})
  t.notThrows(() => checkRecvWindow(String(now + 1000), '', now))
  t.throws(() => checkRecvWindow(String(now + 1001), '', now), {message: /ahead/})
  t.notThrows(() => checkRecvWindow(String(now - 60_000), '60000', now))
})

test.serial('the standard class: 429 rate_limited with Retry-After once the bucket is empty, per account', async (t) => {
  const alice = await trader(node)
  const bob = await trader(node)
  const remaining: (string | null)[] = []
  for (let i = 0; i < 3; i++) {
    const response = await bearer(node, alice.token, 'GET', '/accounts/me/')
    t.is(response.status, 200)
    t.is(response.headers.get('X-RateLimit-Limit'), '3')
    remaining.push(response.headers.get('X-RateLimit-Remaining'))
  }
  t.deepEqual(remaining, ['2', '1', '0'])
  const refused = await signed(node, alice, 'GET', '/balances/')
  assertError(t, refused, 429, 'rate_limited')
  t.is(refused.headers.get('Retry-After'), '1')
  t.is(refused.headers.get('X-RateLimit-Limit'), '3')
  t.is(refused.headers.get('X-RateLimit-Remaining'), '0')
  t.is((await bearer(node, bob.token, 'GET', '/accounts/me/')).status, 200, 'another account has its own bucket')
  await sleep(400)
  t.is((await bearer(node, alice.token, 'GET', '/accounts/me/')).status, 200, 'a token is back after 1/3 s')
})

test.serial('authentication is checked before the rate limit', async (t) => {
  const alice = await trader(node)
  for (let i = 0; i < 3; i++) await bearer(node, alice.token, 'GET', '/orders/')
  assertError(t, await bearer(node, 'garbage', 'GET', '/orders/'), 401, 'unauthorized')
  assertError(t, await bearer(node, alice.token, 'GET', '/orders/'), 429, 'rate_limited')
})

test.serial("OrdersRateLimit follows the tier's orders_per_second; refusals say so in the headers", async (t) => {
  const slowTier = node.services.tiers.create('rest-slow', JSON.stringify({orders_per_second: 2}))
  const alice = await trader(node, {USDT: '1000'})
  node.services.accounts.setTier(alice.account.email, slowTier)
  t.is((await bearer(node, alice.token, 'GET', '/accounts/me/')).body.tier.orders_per_second, 2)
  await sleep(400)
  const order = {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '10000', qty: '0.001'}
  const first = await signed(node, alice, 'POST', '/orders/place/', order)
  t.is(first.status, 200)
  t.is(first.headers.get('X-RateLimit-Limit'), '2', 'the tighter of the two buckets is reported')
  t.is(first.headers.get('X-RateLimit-Remaining'), '1')
  t.is((await signed(node, alice, 'POST', '/orders/cancel/', {order_id: first.body.order_id})).status, 200)
  const refused = await signed(node, alice, 'POST', '/orders/place/', order)
  assertError(t, refused, 429, 'rate_limited')
  t.is(refused.headers.get('Retry-After'), '1')
  t.is(refused.headers.get('X-RateLimit-Limit'), '2')
  t.is(node.services.trading.store.list({accountId: alice.account.id, limit: 10, offset: 0}).total, 1, 'no order was placed')
})
