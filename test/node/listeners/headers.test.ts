/**
 * What every HTTP answer of both listeners carries (docs/rest.md "Security headers"), and CORS:
 * closed by default, open only to the origins of --cors-origins (docs/configuration.md).
 */
import test from 'ava'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {call, signInUser, signUpUser} from '../../helpers/account-flows.js'

const LISTED = 'https://app.example.com'

let closed: TestNode
let open: TestNode
test.before(async () => {
  const rateLimits = {standard: 100, strict: 1000, internal: 1000, internalCidrs: []}
  ;[closed, open] = await Promise.all([
    startTestNode({rateLimits}),
    startTestNode({rateLimits, corsOrigins: [LISTED, 'http://localhost:3000']}),
  ])
})
test.after.always(async () => {
  await Promise.all([closed?.close(), open?.close()])
})

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
}

function assertSecurityHeaders(t: import('ava').ExecutionContext, response: Response, what: string): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) t.is(response.headers.get(name), value, `${what}: ${name}`)
  t.is(response.headers.get('x-powered-by'), null, what)
  t.is(response.headers.get('server'), null, what)
}

const accessControl = (response: Response): string[] =>
  [...response.headers.keys()].filter((name) => name.startsWith('access-control-'))

test('public listener: every answer (public, authenticated, error, 404, 405) carries the security headers and no banner', async (t) => {
  const user = await signUpUser(t, closed, 'headers')
  const token = await signInUser(t, closed, user)
  const base = closed.httpUrl
  const requests: [string, RequestInit][] = [
    ['/healthz', {}],
    ['/api/v1/openapi.json', {}],
    ['/api/v1/exchange/tickers/', {}],
    ['/api/v1/api-keys/', {headers: {Authorization: `Bearer ${token}`}}],
    ['/api/v1/api-keys/', {}],
    ['/api/v1/no-such-thing/', {}],
    ['/api/v1/api-keys/', {method: 'PATCH'}],
    [
      '/api/v1/auth/sign-in/',
      {
        method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: '{"email":"x@example.com","password":"nope nope nope"}',
      },
    ],
  ]
  for (const [path, init] of requests) {
    const response = await fetch(`${base}${path}`, init)
    await response.arrayBuffer()
    assertSecurityHeaders(t, response, `${init.method ?? 'GET'} ${path} (${response.status})`)
  }
})

test('AdminGateway: sign-in, healthz, metrics and errors carry the security headers and no banner', async (t) => {
  const base = closed.adminHttpUrl
  for (const [path, init] of [
    ['/healthz', {}],
    ['/metrics', {}],
    ['/rpc/AccountsService/GetAccountDetails', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: '{}'}],
    [
      '/auth/sign-in',
      {
        method: 'POST',
        headers: {'Content-Type': 'application/json'},
        body: '{"email":"a@example.com","password":"wrong one here"}',
      },
    ],
  ] as [string, RequestInit][]) {
    const response = await fetch(`${base}${path}`, init)
    await response.arrayBuffer()
    assertSecurityHeaders(t, response, `${init.method ?? 'GET'} ${path} (${response.status})`)
    t.deepEqual(accessControl(response), [])
  }
})

test('CORS is closed by default: no Access-Control-* header on answers or on a preflight', async (t) => {
  const simple = await fetch(`${closed.httpUrl}/api/v1/exchange/tickers/`, {headers: {Origin: LISTED}})
  t.is(simple.status, 200)
  t.deepEqual(accessControl(simple), [])
  const preflight = await fetch(`${closed.httpUrl}/api/v1/api-keys/`, {
    method: 'OPTIONS',
    headers: {Origin: LISTED, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type'},
  })
  t.deepEqual(accessControl(preflight), [])
})

test('--cors-origins: a listed origin gets its preflight and answers allowed (no credentials); others get nothing', async (t) => {
  const preflight = await fetch(`${open.httpUrl}/api/v1/api-keys/`, {
    method: 'OPTIONS',
    headers: {
      Origin: LISTED,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type,x-api-key',
    },
  })
  t.is(preflight.status, 204)
  t.is(preflight.headers.get('access-control-allow-origin'), LISTED)
  const methods = preflight.headers.get('access-control-allow-methods')!.split(/,\s*/)
  for (const method of ['GET', 'POST', 'DELETE']) t.true(methods.includes(method), method)
  const allowed = preflight.headers.get('access-control-allow-headers')!.toLowerCase().split(/,\s*/)
  for (const header of ['authorization', 'content-type', 'x-api-key', 'x-timestamp', 'x-signature', 'x-recv-window'])
    t.true(allowed.includes(header), header)
  t.is(preflight.headers.get('access-control-allow-credentials'), null)
  t.regex(preflight.headers.get('vary') ?? '', /origin/i)

  const simple = await fetch(`${open.httpUrl}/api/v1/exchange/tickers/`, {headers: {Origin: 'http://localhost:3000'}})
  t.is(simple.status, 200)
  t.is(simple.headers.get('access-control-allow-origin'), 'http://localhost:3000')
  t.regex(simple.headers.get('access-control-expose-headers') ?? '', /X-RateLimit-Remaining/)
  t.is(simple.headers.get('access-control-allow-credentials'), null)
  t.regex(simple.headers.get('vary') ?? '', /origin/i)
  // Errors too, so that the listed page can read the error body.
  const error = await call(open, 'GET', '/api-keys/', undefined, {headers: {Origin: LISTED}})
  t.is(error.status, 401)
  t.is(error.headers.get('access-control-allow-origin'), LISTED)

  for (const origin of ['https://evil.example', 'http://app.example.com', 'null']) {
    const other = await fetch(`${open.httpUrl}/api/v1/api-keys/`, {
      method: 'OPTIONS',
      headers: {Origin: origin, 'Access-Control-Request-Method': 'POST'},
    })
    t.deepEqual(accessControl(other), [], origin)
    t.regex(other.headers.get('vary') ?? '', /origin/i)
  }
})
