import test from 'ava'
import type {Context} from 'koa'
import {DEFAULT_CONFIG} from '../../../src/node/ground/config.js'
import {RetryLater} from '../../../src/node/ground/errors.js'
import {limitByIp} from '../../../src/node/http/rate-limit.js'
import {RateLimiter} from '../../../src/node/http/rate-limiter.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'

let node: TestNode
test.before(async () => {
  // Loopback is internal: allow 3 requests per second so the limit is reached quickly.
  node = await startTestNode({rateLimits: {...DEFAULT_CONFIG.rateLimits, internal: 3}})
})
test.after.always(async () => {
  await node?.close()
})

/** Runs the middleware for a client at `ip`; returns the headers set and whether it passed. */
async function call(middleware: ReturnType<typeof limitByIp>, ip: string) {
  const headers: Record<string, string> = {}
  const ctx = {
    ip,
    response: {headers: {}},
    set: (name: string, value: string) => (headers[name] = value),
    res: {setHeader: (name: string, value: string) => (headers[name] = value)},
  } as unknown as Context
  let passed = false
  let error: unknown
  try {
    await middleware(ctx, async () => {
      passed = true
    })
  } catch (thrown) {
    error = thrown
  }
  return {headers, passed, error}
}

test('classes: standard per IP for the internet, internal for loopback and configured CIDRs', async (t) => {
  let now = 0
  const limits = {...DEFAULT_CONFIG.rateLimits, standard: 2, internal: 4, internalCidrs: ['10.0.0.0/8']}
  const middleware = limitByIp(new RateLimiter(limits, () => now))
  const outcomes = async (ip: string, n: number) => {
    const results = []
    for (let i = 0; i < n; i++) results.push(await call(middleware, ip))
    return results
  }
  const internet = await outcomes('203.0.113.7', 3)
  t.deepEqual(
    internet.map((r) => r.passed),
    [true, true, false],
  )
  t.is(internet[0]!.headers['X-RateLimit-Limit'], '2')
  t.is(internet[0]!.headers['X-RateLimit-Remaining'], '1')
  // The refusal says when to come back; the listener's error body renders it as Retry-After (below).
  t.true(internet[2]!.error instanceof RetryLater)
  t.is((internet[2]!.error as RetryLater).code, 'rate_limited')
  t.is((internet[2]!.error as RetryLater).retryAfterSeconds, 1)
  // Another internet client is not affected.
  t.true((await call(middleware, '198.51.100.1')).passed)
  for (const ip of ['127.0.0.1', '::ffff:127.0.0.2', '::1', '10.20.30.40', '::ffff:10.1.1.1']) {
    const results = await outcomes(ip, 5)
    t.deepEqual(
      results.map((r) => r.passed),
      [true, true, true, true, false],
      ip,
    )
    t.is(results[0]!.headers['X-RateLimit-Limit'], '4', ip)
  }
  // An IPv4 client seen through a dual-stack socket is the same client.
  t.false((await call(middleware, '::ffff:127.0.0.1')).passed)
  now += 1000
  t.true((await call(middleware, '203.0.113.7')).passed)
})

test('over HTTP: 429 rate_limited with Retry-After and the rate headers, then served again', async (t) => {
  const url = `${node.httpUrl}/api/v1/exchange/tickers/`
  // Wait for a full bucket (other requests of this file may have used tokens).
  await new Promise((resolve) => setTimeout(resolve, 1100))
  const answers = []
  for (let i = 0; i < 4; i++) answers.push(await fetch(url))
  t.deepEqual(
    answers.map((a) => a.status),
    [200, 200, 200, 429],
  )
  t.is(answers[0]!.headers.get('x-ratelimit-limit'), '3')
  t.is(answers[0]!.headers.get('x-ratelimit-remaining'), '2')
  const refused = answers[3]!
  t.is(refused.headers.get('retry-after'), '1')
  t.is(refused.headers.get('x-ratelimit-remaining'), '0')
  const body = (await refused.json()) as {error: {code: string; message: string}}
  t.is(body.error.code, 'rate_limited')
  t.is(typeof body.error.message, 'string')
  await new Promise((resolve) => setTimeout(resolve, 1100))
  t.is((await fetch(url)).status, 200)
})
