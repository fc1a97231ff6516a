/**
 * Cookie-authenticated writes on the user gateway (docs/rest.md "Browsers: cookies, CSRF and CORS"),
 * one rule for every cookie write: a state-changing request that only the exchange_session cookie
 * authenticates must carry `X-Requested-With: exchange-web` (whatever its Origin), be
 * application/json and come from the node's own origin, an allow-listed one, or name no Origin;
 * otherwise 403 csrf_refused and nothing changes. Bearer tokens and safe methods are not affected.
 * The same rule on REST v1 and P2P: test/node/rest/session-cookie.test.ts.
 */
import test from 'ava'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {assertError, call, signInUser, signUpUser, WEB_APP} from '../../helpers/account-flows.js'

const TRUSTED = 'https://app.example.com'

let node: TestNode
test.before(async () => {
  node = await startTestNode({
    rateLimits: {standard: 100, strict: 1000, internal: 1000, internalCidrs: []},
    corsOrigins: [TRUSTED],
  })
})
test.after.always(async () => {
  await node?.close()
})

const newKey = {label: 'csrf', permissions: ['read']}

/** A raw POST, as a cross-site form or `fetch(..., {mode: 'no-cors'})` would send it. */
const rawPost = (path: string, headers: Record<string, string>, body?: string) =>
  fetch(`${node.httpUrl}/api/v1${path}`, {method: 'POST', headers, body})

test('a text/plain POST from a foreign Origin carrying only the session cookie creates no API key', async (t) => {
  const user = await signUpUser(t, node, 'csrf-plain')
  const token = await signInUser(t, node, user)
  const cookie = `exchange_session=${token}`
  for (const headers of [
    {'Content-Type': 'text/plain', Origin: 'https://evil.example', Cookie: cookie},
    {'Content-Type': 'text/plain;charset=UTF-8', Cookie: cookie},
    {'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example', Cookie: cookie},
    {Cookie: cookie},
    // With the web app's header, still not JSON.
    {...WEB_APP, 'Content-Type': 'text/plain', Origin: node.httpUrl, Cookie: cookie},
    {...WEB_APP, Cookie: cookie},
  ] as Record<string, string>[]) {
    const reply = await rawPost('/api-keys/', headers, JSON.stringify(newKey))
    t.is(reply.status, 403, JSON.stringify(headers))
    t.is(((await reply.json()) as {error: {code: string}}).error.code, 'csrf_refused')
  }
  t.deepEqual((await call(node, 'GET', '/api-keys/', undefined, {token})).body, {keys: []})
})

test('a JSON POST with the cookie without X-Requested-With: exchange-web is refused from any Origin, its own included', async (t) => {
  const user = await signUpUser(t, node, 'csrf-header')
  const token = await signInUser(t, node, user)
  const cookie = `exchange_session=${token}`
  for (const headers of [
    {Origin: node.httpUrl},
    {Origin: TRUSTED},
    {},
    {'X-Requested-With': 'XMLHttpRequest', Origin: node.httpUrl},
    {'X-Requested-With': 'Exchange-Web', Origin: node.httpUrl},
  ] as Record<string, string>[]) {
    assertError(t, await call(node, 'POST', '/api-keys/', newKey, {cookie, headers}), 403, 'csrf_refused')
  }
  t.deepEqual((await call(node, 'GET', '/api-keys/', undefined, {token})).body, {keys: []})
})

test('a JSON POST with the cookie and the header: refused from a foreign or "null" Origin, accepted from its own, an allow-listed or no Origin', async (t) => {
  const user = await signUpUser(t, node, 'csrf-json')
  const token = await signInUser(t, node, user)
  const cookie = `exchange_session=${token}`
  for (const origin of ['https://evil.example', 'null', 'http://app.example.com', 'http://127.0.0.1:1']) {
    const headers = {...WEB_APP, Origin: origin}
    assertError(t, await call(node, 'POST', '/api-keys/', newKey, {cookie, headers}), 403, 'csrf_refused')
  }
  t.deepEqual((await call(node, 'GET', '/api-keys/', undefined, {token})).body, {keys: []})
  for (const headers of [{Origin: node.httpUrl}, {Origin: TRUSTED}, {}] as Record<string, string>[]) {
    const created = await call(node, 'POST', '/api-keys/', newKey, {cookie, headers: {...WEB_APP, ...headers}})
    t.is(created.status, 200, JSON.stringify(created.body))
  }
  t.is((await call(node, 'GET', '/api-keys/', undefined, {token})).body.keys.length, 3)
})

test('DELETE, two-factor and sign-out with the cookie alone are writes too; GET is not', async (t) => {
  const user = await signUpUser(t, node, 'csrf-delete')
  const token = await signInUser(t, node, user)
  const cookie = `exchange_session=${token}`
  const key = (await call(node, 'POST', '/api-keys/', newKey, {token})).body
  const json = {'Content-Type': 'application/json'}
  const foreign = {cookie, headers: {...WEB_APP, Origin: 'https://evil.example'}}
  assertError(t, await call(node, 'DELETE', `/api-keys/${key.id}/`, undefined, {cookie, headers: json}), 403, 'csrf_refused')
  assertError(t, await call(node, 'POST', '/auth/2fa/setup/', {}, {cookie}), 403, 'csrf_refused')
  assertError(t, await call(node, 'POST', '/auth/sign-out/', {}, {cookie, headers: {Origin: node.httpUrl}}), 403, 'csrf_refused')
  assertError(t, await call(node, 'POST', '/auth/sign-out/', undefined, foreign), 403, 'csrf_refused')
  // Nothing changed: the key is there, two-factor was not set up, the session still works.
  t.is((await call(node, 'GET', '/api-keys/', undefined, {token})).body.keys.length, 1)
  t.deepEqual((await call(node, 'GET', '/auth/2fa/', undefined, {token})).body, {two_factor_enabled: false})
  // Reading with the cookie from anywhere, without the header, is allowed here (CORS, not this guard, keeps the
  // answer from a foreign page).
  t.is((await call(node, 'GET', '/api-keys/', undefined, {cookie, headers: {Origin: 'https://evil.example'}})).status, 200)
  const deleted = await call(node, 'DELETE', `/api-keys/${key.id}/`, undefined, {cookie, headers: {...WEB_APP, ...json}})
  t.is(deleted.status, 200, JSON.stringify(deleted.body))
  const setup = await call(node, 'POST', '/auth/2fa/setup/', {}, {cookie, headers: WEB_APP})
  t.is(setup.status, 200, JSON.stringify(setup.body))
  const out = await call(node, 'POST', '/auth/sign-out/', {}, {cookie, headers: {...WEB_APP, Origin: node.httpUrl}})
  t.is(out.status, 200, JSON.stringify(out.body))
})

test('Authorization: Bearer is not a cookie: the guard does not apply to it, even with the cookie sent too', async (t) => {
  const user = await signUpUser(t, node, 'csrf-bearer')
  const token = await signInUser(t, node, user)
  const reply = await rawPost(
    '/api-keys/',
    {'Content-Type': 'text/plain', Origin: 'https://evil.example', Authorization: `Bearer ${token}`},
    JSON.stringify(newKey),
  )
  t.is(reply.status, 200)
  // A browser that also holds the cookie: the header wins, and the guard is not asked.
  const both = await rawPost(
    '/api-keys/',
    {'Content-Type': 'text/plain', Authorization: `Bearer ${token}`, Cookie: `exchange_session=${token}`},
    JSON.stringify(newKey),
  )
  t.is(both.status, 200)
})
