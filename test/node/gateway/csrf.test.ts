/**
 * Cookie-authenticated writes (docs/rest.md "Browsers: cookies, CSRF and CORS"): a state-changing
 * request that only the exchange_session cookie authenticates must be application/json and come
 * from the node's own origin, an allow-listed one, or name no Origin; otherwise 403 csrf_refused
 * and nothing changes. Bearer tokens and safe methods are not affected.
 */
import test from 'ava'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {assertError, call, signInUser, signUpUser} from '../../helpers/account-flows.js'

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
  ] as Record<string, string>[]) {
    const reply = await rawPost('/api-keys/', headers, JSON.stringify(newKey))
    t.is(reply.status, 403, JSON.stringify(headers))
    t.is(((await reply.json()) as {error: {code: string}}).error.code, 'csrf_refused')
  }
  t.deepEqual((await call(node, 'GET', '/api-keys/', undefined, {token})).body, {keys: []})
})

test('a JSON POST with the cookie: refused from a foreign or "null" Origin, accepted from its own, an allow-listed or no Origin', async (t) => {
  const user = await signUpUser(t, node, 'csrf-json')
  const token = await signInUser(t, node, user)
  const cookie = `exchange_session=${token}`
  for (const origin of ['https://evil.example', 'null', 'http://app.example.com', 'http://127.0.0.1:1']) {
    assertError(t, await call(node, 'POST', '/api-keys/', newKey, {cookie, headers: {Origin: origin}}), 403, 'csrf_refused')
  }
  t.deepEqual((await call(node, 'GET', '/api-keys/', undefined, {token})).body, {keys: []})
  for (const headers of [{Origin: node.httpUrl}, {Origin: TRUSTED}, {}] as Record<string, string>[]) {
    const created = await call(node, 'POST', '/api-keys/', newKey, {cookie, headers})
    t.is(created.status, 200, JSON.stringify(created.body))
  }
  t.is((await call(node, 'GET', '/api-keys/', undefined, {token})).body.keys.length, 3)
})

test('DELETE and sign-out with the cookie alone are writes too; GET is not', async (t) => {
  const user = await signUpUser(t, node, 'csrf-delete')
  const token = await signInUser(t, node, user)
  const cookie = `exchange_session=${token}`
  const key = (await call(node, 'POST', '/api-keys/', newKey, {token})).body
  const foreign = {cookie, headers: {Origin: 'https://evil.example'}}
  assertError(t, await call(node, 'DELETE', `/api-keys/${key.id}/`, undefined, {cookie}), 403, 'csrf_refused')
  assertError(t, await call(node, 'POST', '/auth/sign-out/', undefined, foreign), 403, 'csrf_refused')
  // Reading with the cookie from anywhere is allowed here (CORS, not this guard, keeps the answer from a foreign page).
  t.is((await call(node, 'GET', '/api-keys/', undefined, foreign)).status, 200)
  t.is((await call(node, 'GET', '/api-keys/', undefined, {token})).body.keys.length, 1)
  t.is(
    (await call(node, 'DELETE', `/api-keys/${key.id}/`, undefined, {cookie, headers: {'Content-Type': 'application/json'}}))
      .status,
    200,
  )
  t.is((await call(node, 'POST', '/auth/sign-out/', {}, {cookie, headers: {Origin: node.httpUrl}})).status, 200)
})

test('Authorization: Bearer is not a cookie: the guard does not apply to it', async (t) => {
  const user = await signUpUser(t, node, 'csrf-bearer')
  const token = await signInUser(t, node, user)
  const reply = await rawPost(
    '/api-keys/',
    {'Content-Type': 'text/plain', Origin: 'https://evil.example', Authorization: `Bearer ${token}`},
    JSON.stringify(newKey),
  )
  t.is(reply.status, 200)
})
