import {createHmac} from 'node:crypto'
import test from 'ava'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {API, assertError, assertNotLogged, call, signInUser, signUpUser, type Reply} from '../../helpers/account-flows.js'
import {authenticator} from '../../helpers/totp.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode({rateLimits: {standard: 100, strict: 1000, internal: 1000, internalCidrs: []}})
})
test.after.always(async () => {
  await node?.close()
})

/** A request signed as docs/rest.md "Signed requests" says: lowercase hex HMAC-SHA256(secret, timestamp + METHOD + path?query + body). */
async function signedGet(key: {api_key: string; api_secret: string}, target: string): Promise<Reply> {
  const timestamp = String(Date.now())
  const signature = createHmac('sha256', Buffer.from(key.api_secret, 'utf8'))
    .update(`${timestamp}GET${API}${target}`)
    .digest('hex')
  const response = await fetch(`${node.httpUrl}${API}${target}`, {
    headers: {'X-API-Key': key.api_key, 'X-Timestamp': timestamp, 'X-Signature': signature},
  })
  return {status: response.status, headers: response.headers, body: await response.json().catch(() => undefined)}
}

const notMounted = (reply: Reply): boolean => reply.status === 404 && String(reply.body?.error?.message).startsWith('no route')

test('an API key created through the gateway signs a request that the HMAC middleware accepts', async (t) => {
  const user = await signUpUser(t, node, 'keys')
  const token = await signInUser(t, node, user)
  const created = await call(node, 'POST', '/api-keys/', {label: 'bot', permissions: ['read', 'trade']}, {token})
  t.is(created.status, 200, JSON.stringify(created.body))
  t.regex(created.body.api_key, /^[0-9a-f]{64}$/)
  t.regex(created.body.api_secret, /^[0-9a-f]{64}$/)
  t.deepEqual(created.body.permissions, ['trade', 'read'])
  t.is(created.body.label, 'bot')
  // The same store as APIKeysService.
  const viaAdmin = await node.admin.call<{keys: {id: string}[]}>('APIKeysService', 'ListAPIKeys', {account_id: user.accountId})
  t.deepEqual(
    viaAdmin.keys.map((key) => key.id),
    [created.body.id],
  )

  const balances = await signedGet(created.body, '/balances/')
  if (notMounted(balances)) {
    t.log('GET /api/v1/balances/ is not mounted yet (REST issue): the key was checked through the store only')
  } else {
    t.is(balances.status, 200, JSON.stringify(balances.body))
    // A wrong secret is refused by the same middleware.
    assertError(t, await signedGet({...created.body, api_secret: 'f'.repeat(64)}, '/balances/'), 403, 'invalid_signature')
  }
  assertNotLogged(t, node, [created.body.api_secret, user.password])
})

test("listing shows no secrets; delete removes only own keys (another account's key is 404)", async (t) => {
  const alice = await signUpUser(t, node, 'alice')
  const bob = await signUpUser(t, node, 'bob')
  const aliceToken = await signInUser(t, node, alice)
  const bobToken = await signInUser(t, node, bob)
  const key = (
    await call(
      node,
      'POST',
      '/api-keys/',
      {label: 'mine', permissions: ['read'], ip_allowlist: ['127.0.0.1', '10.0.0.0/8']},
      {token: aliceToken},
    )
  ).body
  const list = await call(node, 'GET', '/api-keys/', undefined, {token: aliceToken})
  t.is(list.status, 200)
  t.is(list.body.keys.length, 1)
  t.deepEqual(Object.keys(list.body.keys[0]).sort(), [
    'api_key',
    'created_at',
    'id',
    'ip_allowlist',
    'label',
    'last_used_at',
    'permissions',
  ])
  t.deepEqual(list.body.keys[0].ip_allowlist, ['127.0.0.1', '10.0.0.0/8'])
  t.false(JSON.stringify(list.body).includes(key.api_secret))
  t.deepEqual((await call(node, 'GET', '/api-keys/', undefined, {token: bobToken})).body, {keys: []})

  assertError(t, await call(node, 'DELETE', `/api-keys/${key.id}/`, undefined, {token: bobToken}), 404, 'not_found')
  assertError(
    t,
    await call(node, 'DELETE', '/api-keys/00000000-0000-4000-8000-000000000000/', undefined, {token: bobToken}),
    404,
    'not_found',
  )
  assertError(t, await call(node, 'DELETE', '/api-keys/not-a-uuid/', undefined, {token: aliceToken}), 400, 'invalid_argument')
  const deleted = await call(node, 'DELETE', `/api-keys/${key.id}`, undefined, {token: aliceToken})
  t.is(deleted.status, 200, JSON.stringify(deleted.body))
  t.deepEqual(deleted.body, {success: true})
  t.deepEqual((await call(node, 'GET', '/api-keys/', undefined, {token: aliceToken})).body, {keys: []})
  assertError(t, await call(node, 'DELETE', `/api-keys/${key.id}/`, undefined, {token: aliceToken}), 404, 'not_found')

  // Bad input and no session.
  assertError(
    t,
    await call(node, 'POST', '/api-keys/', {label: 'x', permissions: ['admin']}, {token: aliceToken}),
    400,
    'invalid_argument',
  )
  assertError(
    t,
    await call(node, 'POST', '/api-keys/', {label: 'x', permissions: ['read'], ip_allowlist: ['300.1.1.1']}, {token: aliceToken}),
    400,
    'invalid_argument',
  )
  assertError(t, await call(node, 'POST', '/api-keys/', {label: 'x', permissions: ['read']}), 401, 'unauthorized')
})

test('the IP allow-list of a gateway-created key is enforced by the HMAC middleware', async (t) => {
  const user = await signUpUser(t, node, 'allowlist')
  const token = await signInUser(t, node, user)
  const elsewhere = (
    await call(node, 'POST', '/api-keys/', {label: 'far', permissions: ['read'], ip_allowlist: ['10.9.8.7']}, {token})
  ).body
  const here = (
    await call(node, 'POST', '/api-keys/', {label: 'near', permissions: ['read'], ip_allowlist: ['127.0.0.0/8']}, {token})
  ).body
  const refused = await signedGet(elsewhere, '/balances/')
  if (notMounted(refused)) return t.log('GET /api/v1/balances/ is not mounted yet (REST issue)')
  assertError(t, refused, 403, 'permission_denied')
  t.is((await signedGet(here, '/balances/')).status, 200)
})

test('with two-factor on, creating a key needs a valid, unused 2fa_code', async (t) => {
  const user = await signUpUser(t, node, 'keys2fa')
  const token = await signInUser(t, node, user)
  const {secret} = (await call(node, 'POST', '/auth/2fa/setup/', undefined, {token})).body
  const totp = authenticator(secret)
  t.is((await call(node, 'POST', '/auth/2fa/enable/', {code: await totp.next()}, {token})).status, 200)

  assertError(t, await call(node, 'POST', '/api-keys/', {label: 'k', permissions: ['read']}, {token}), 400, 'invalid_argument')
  const code = await totp.next()
  const created = await call(node, 'POST', '/api-keys/', {label: 'k', permissions: ['read'], '2fa_code': code}, {token})
  t.is(created.status, 200, JSON.stringify(created.body))
  // The same code again is a replay.
  assertError(
    t,
    await call(node, 'POST', '/api-keys/', {label: 'k2', permissions: ['read'], '2fa_code': code}, {token}),
    400,
    'invalid_code',
  )
  t.is((await call(node, 'GET', '/api-keys/', undefined, {token})).body.keys.length, 1)
  assertNotLogged(t, node, [secret, code, created.body.api_secret])
})
