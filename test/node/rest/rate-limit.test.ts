import {setTimeout as sleep} from 'node:timers/promises'
import test from 'ava'
import {IpSet, internalNetworks, normalizeIp, parseCidr} from '../../../src/node/ground/net.js'
import {RateLimiter} from '../../../src/node/http/rate-limiter.js'
import {checkRecvWindow} from '../../../src/node/apikeys/recv-window.js'
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

const LIMITS = {standard: 5, strict: 1, internal: 40, internalCidrs: ['10.0.0.0/8']}

test('token bucket: burst equals the rate, refills continuously, a refused take costs nothing', (t) => {
  let now = 1_000_000
  const limiter = new RateLimiter(LIMITS, () => now)
  t.like(limiter.take('standard', 'a', 2), {allowed: true, limit: 2, remaining: 1})
  t.like(limiter.take('standard', 'a', 2), {allowed: true, remaining: 0})
  t.deepEqual(limiter.take('standard', 'a', 2), {allowed: false, limit: 2, remaining: 0, retryAfterSeconds: 1})
  t.like(limiter.take('standard', 'b', 2), {allowed: true, remaining: 1}, 'buckets are per key')
  now += 499
  t.like(limiter.take('standard', 'a', 2), {allowed: false})
  now += 1
  t.like(limiter.take('standard', 'a', 2), {allowed: true, remaining: 0})
  now += 10_000
  t.like(limiter.take('standard', 'a', 2), {allowed: true, remaining: 1}, 'never more than the burst')
  // A slow rate still admits one request; the wait is rounded up to whole seconds.
  t.like(limiter.take('standard', 'slow', 0.25), {allowed: true})
  t.is(limiter.take('standard', 'slow', 0.25).retryAfterSeconds, 4)
})

test('token bucket: idle full buckets are swept after a minute', (t) => {
  let now = 0
  const limiter = new RateLimiter(LIMITS, () => now)
  for (let i = 0; i < 100; i++) limiter.take('standard', `k${i}`, 5)
  t.is(limiter.size, 100)
  now += 61_000
  limiter.take('standard', 'fresh', 5)
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
})

test('classes: internal networks draw from the internal class at its rate, the others from standard; per account or per IP', (t) => {
  const limiter = new RateLimiter(LIMITS, () => 0)
  t.like(limiter.standard('10.1.1.1'), {limit: 40, remaining: 39})
  t.like(limiter.standard('8.8.8.8'), {limit: 5, remaining: 4})
  t.like(limiter.standard('::ffff:8.8.8.8'), {limit: 5, remaining: 3}, 'an IPv4 client through a dual-stack socket is one client')
  t.like(limiter.standard('8.8.8.8', 'acct-1'), {limit: 5, remaining: 4}, "an account's bucket is not its IP's")
  t.like(limiter.standard('9.9.9.9', 'acct-1'), {limit: 5, remaining: 3}, 'an account has one bucket whatever its IP')
  t.like(limiter.standard('10.1.1.1', 'acct-1'), {limit: 40, remaining: 39}, 'from an internal network, the internal class')
  t.deepEqual(
    limiter.strict('8.8.8.8', ' Alice@Example.com ').map((verdict) => verdict.allowed),
    [true, true],
  )
  t.deepEqual(
    limiter.strict('7.7.7.7', 'alice@example.com').map((verdict) => verdict.allowed),
    [true, false],
    'strict counts the e-mail whatever the IP, normalised',
  )
  t.like(limiter.orders('acct-1', 2), {limit: 2, remaining: 1}, 'orders is a class of its own')
  const overridden = new RateLimiter({...LIMITS, ordersPerSecond: 7}, () => 0)
  t.like(overridden.orders('acct-1', 2), {limit: 7, remaining: 6}, "the node-wide ordersPerSecond replaces the tier's rate")
  t.is(overridden.ordersRate(2), 7)
})

test('failed sign-ins: only a failure takes a token; an attempt waits while a bucket is empty', (t) => {
  let now = 0
  const limiter = new RateLimiter({...LIMITS, strict: 0.5}, () => now)
  const subjects = ['ip:1.2.3.4', 'email:a@example.com']
  t.is(limiter.failureWait(subjects), 0)
  t.is(limiter.failureWait(subjects), 0, 'asking costs nothing')
  limiter.failed(subjects)
  t.is(limiter.failureWait(subjects), 2, 'at 0.5/s the bucket of one is back after 2 s')
  t.is(limiter.failureWait(['ip:5.6.7.8', 'email:a@example.com']), 2, 'the e-mail is refused from any IP')
  now += 2000
  t.is(limiter.failureWait(subjects), 0)
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

test('one standard bucket per account on the listener: /orders, /p2p and the gateway draw from it alike', async (t) => {
  // A node of its own at 1 request per second (burst 1): the one token goes to the first route, and
  // every other route of the listener is refused until it is back, whatever the machine's load.
  const slow = await startTestNode({rateLimits: {standard: 1, strict: 1, internal: 1, internalCidrs: []}})
  t.teardown(() => slow.close())
  const alice = await trader(slow)
  t.is((await bearer(slow, alice.token, 'GET', '/orders/')).status, 200)
  for (const path of ['/p2p/orders/', '/api-keys/', '/p2p/advertisements/', '/balances/']) {
    const refused = await bearer(slow, alice.token, 'GET', path)
    assertError(t, refused, 429, 'rate_limited')
    t.is(refused.headers.get('X-RateLimit-Limit'), '1', path)
  }
  const bob = await trader(slow)
  t.is((await bearer(slow, bob.token, 'GET', '/p2p/orders/')).status, 200, 'another account has a bucket of its own')
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
