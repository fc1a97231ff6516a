import test from 'ava'
import {decodeJwt, SignJWT} from 'jose'
import {loadOrCreateSecrets} from '../../../src/node/auth/secrets.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {API, assertError, bearer, signature, signed, trader} from '../../helpers/rest.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const ORDER = {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '10000', qty: '0.001'}

test('a signed order is accepted; last_used_at of the key is recorded', async (t) => {
  const alice = await trader(node, {USDT: '100'})
  const response = await signed(node, alice, 'POST', '/orders/place/', ORDER)
  t.is(response.status, 200, JSON.stringify(response.body))
  t.truthy(node.services.apiKeys.list(alice.account.id)[0]!.lastUsedAt)
})

test('wrong signature (another secret, a tampered body, a tampered query) is 403 invalid_signature', async (t) => {
  const alice = await trader(node, {USDT: '100'})
  assertError(t, await signed(node, alice, 'POST', '/orders/place/', ORDER, {secret: 'not-the-secret'}), 403, 'invalid_signature')
  assertError(
    t,
    await signed(node, alice, 'POST', '/orders/place/', ORDER, {signature: ''.padEnd(64, '0')}),
    403,
    'invalid_signature',
  )
  // Signed over one body, sent with another.
  const timestamp = String(Date.now())
  const sig = signature(alice.apiSecret, timestamp, 'POST', `${API}/orders/place/`, JSON.stringify(ORDER))
  const tampered = await fetch(`${node.httpUrl}${API}/orders/place/`, {
    method: 'POST',
    headers: {'X-API-Key': alice.apiKey, 'X-Timestamp': timestamp, 'X-Signature': sig, 'Content-Type': 'application/json'},
    body: JSON.stringify({...ORDER, qty: '0.002'}),
  })
  t.is(tampered.status, 403)
  t.deepEqual(((await tampered.json()) as {error: {code: string}}).error.code, 'invalid_signature')
  // Signed over /orders/?status=open, sent as /orders/?status=filled.
  const getSig = signature(alice.apiSecret, timestamp, 'GET', `${API}/orders/?status=open`, '')
  const query = await fetch(`${node.httpUrl}${API}/orders/?status=filled`, {
    headers: {'X-API-Key': alice.apiKey, 'X-Timestamp': timestamp, 'X-Signature': getSig},
  })
  t.is(query.status, 403)
  // A missing signature is a wrong one.
  const missing = await fetch(`${node.httpUrl}${API}/orders/`, {headers: {'X-API-Key': alice.apiKey, 'X-Timestamp': timestamp}})
  t.is(missing.status, 403)
})

test('the signature covers the query string exactly as sent', async (t) => {
  const alice = await trader(node)
  const response = await signed(node, alice, 'GET', '/orders/?limit=5&status=open')
  t.is(response.status, 200, JSON.stringify(response.body))
  t.deepEqual(response.body, {orders: [], total: 0})
})

test('stale and future timestamps are 400 timestamp_outside_recv_window', async (t) => {
  const alice = await trader(node, {USDT: '100'})
  const now = Date.now()
  assertError(
    t,
    await signed(node, alice, 'POST', '/orders/place/', ORDER, {timestamp: now - 6000}),
    400,
    'timestamp_outside_recv_window',
  )
  assertError(
    t,
    await signed(node, alice, 'POST', '/orders/place/', ORDER, {timestamp: now + 5000}),
    400,
    'timestamp_outside_recv_window',
  )
  assertError(
    t,
    await signed(node, alice, 'GET', '/orders/', undefined, {timestamp: now - 20_000, recvWindow: 10_000}),
    400,
    'timestamp_outside_recv_window',
  )
  // A wider window admits the same age; a clock slightly ahead (under 1 s) is tolerated.
  t.is((await signed(node, alice, 'GET', '/orders/', undefined, {timestamp: now - 20_000, recvWindow: 30_000})).status, 200)
  t.is((await signed(node, alice, 'GET', '/orders/', undefined, {timestamp: Date.now() + 500})).status, 200)
})

test('the window is checked before the signature: a stale request with a bad signature is 400', async (t) => {
  const alice = await trader(node)
  assertError(
    t,
    await signed(node, alice, 'GET', '/orders/', undefined, {timestamp: Date.now() - 60_000, signature: 'bad'}),
    400,
    'timestamp_outside_recv_window',
  )
})

test('X-Recv-Window over 60000, zero or not a number, and a non-numeric or missing X-Timestamp are 400', async (t) => {
  const alice = await trader(node)
  for (const recvWindow of ['60001', '0', 'abc', '-5', '1.5']) {
    assertError(t, await signed(node, alice, 'GET', '/orders/', undefined, {recvWindow}), 400, 'invalid_argument')
  }
  t.is((await signed(node, alice, 'GET', '/orders/', undefined, {recvWindow: 60_000})).status, 200)
  for (const timestamp of ['yesterday', '1.7e12', '']) {
    assertError(t, await signed(node, alice, 'GET', '/orders/', undefined, {timestamp}), 400, 'invalid_argument')
  }
})

test('an unknown API key is 401 invalid_api_key, checked first', async (t) => {
  const alice = await trader(node)
  const ghost = {apiKey: 'f'.repeat(64), apiSecret: alice.apiSecret}
  assertError(t, await signed(node, ghost, 'POST', '/orders/place/', ORDER), 401, 'invalid_api_key')
  assertError(t, await signed(node, ghost, 'GET', '/orders/', undefined, {timestamp: 1}), 401, 'invalid_api_key')
})

test('a read-only key cannot place or cancel (403 permission_denied) but can read', async (t) => {
  const reader = await trader(node, {USDT: '100'}, ['read'])
  assertError(t, await signed(node, reader, 'POST', '/orders/place/', ORDER), 403, 'permission_denied')
  assertError(t, await signed(node, reader, 'POST', '/orders/cancel/', {client_order_id: 'x'}), 403, 'permission_denied')
  assertError(t, await signed(node, reader, 'POST', '/orders/cancel-all/', {ticker: 'BTC-USDT'}), 403, 'permission_denied')
  t.is((await signed(node, reader, 'GET', '/balances/')).status, 200)
})

test('a trade-only key cannot read (403 permission_denied)', async (t) => {
  const tradeOnly = await trader(node, {USDT: '100'}, ['trade'])
  assertError(t, await signed(node, tradeOnly, 'GET', '/orders/'), 403, 'permission_denied')
  t.is((await signed(node, tradeOnly, 'POST', '/orders/place/', ORDER)).status, 200)
})

test('order endpoints take a session as every endpoint does (the web app trades with it); nothing at all is 401 unauthorized', async (t) => {
  const alice = await trader(node, {USDT: '100'})
  const placed = await bearer(node, alice.token, 'POST', '/orders/place/', ORDER)
  t.is(placed.status, 200, JSON.stringify(placed.body))
  const cancelled = await bearer(node, alice.token, 'POST', '/orders/cancel/', {order_id: placed.body.order_id})
  t.is(cancelled.status, 200, JSON.stringify(cancelled.body))
  t.is((await bearer(node, alice.token, 'POST', '/orders/cancel-all/', {ticker: 'BTC-USDT'})).status, 200)
  assertError(t, await bearer(node, undefined, 'POST', '/orders/cancel-all/', {ticker: 'BTC-USDT'}), 401, 'unauthorized')
})

test('a key with an IP allow-list is refused from other addresses and accepted from a listed one', async (t) => {
  const elsewhere = await trader(node, {}, ['read'], ['10.1.2.3', '192.168.0.0/16'])
  assertError(t, await signed(node, elsewhere, 'GET', '/accounts/me/'), 403, 'permission_denied')
  const local = await trader(node, {}, ['read'], ['10.0.0.0/8', '127.0.0.1'])
  t.is((await signed(node, local, 'GET', '/accounts/me/')).status, 200)
})

test('an uppercase hex signature is accepted', async (t) => {
  const alice = await trader(node)
  const timestamp = String(Date.now())
  const sig = signature(alice.apiSecret, timestamp, 'GET', `${API}/balances/`, '').toUpperCase()
  const response = await signed(node, alice, 'GET', '/balances/', undefined, {timestamp, signature: sig})
  t.is(response.status, 200)
})

test('key and account changes made over the admin gRPC apply to the very next signed request', async (t) => {
  // Authentication keeps recently used keys (secret unsealed) and accounts in memory: every change
  // must reach them at once, not after some expiry.
  const erin = await trader(node, {USDT: '100'})
  const read = () => signed(node, erin, 'GET', '/orders/')
  t.is((await read()).status, 200)
  t.is((await read()).status, 200)

  const status = (value: string) =>
    node.admin.call('AccountsService', 'ChangeAccountStatus', {email: erin.account.email, status: value, status_comment: 'test'})
  await status('blocked')
  assertError(t, await read(), 403, 'account_blocked')
  await status('restricted')
  t.is((await read()).status, 200)
  assertError(t, await signed(node, erin, 'POST', '/orders/place/', ORDER), 403, 'account_restricted')
  assertError(t, await bearer(node, erin.token, 'POST', '/balances/transfer/', {}), 403, 'account_restricted')
  await status('active')
  t.is((await signed(node, erin, 'POST', '/orders/place/', ORDER)).status, 200)

  const [key] = node.services.apiKeys.list(erin.account.id)
  await node.admin.call('APIKeysService', 'DeleteAPIKey', {key_id: key!.id})
  assertError(t, await read(), 401, 'invalid_api_key')
})

test('a JWT signed with the node key is refused without exp, with another issuer, with alg none or expired', async (t) => {
  const {jwtKey} = loadOrCreateSecrets(node.dataDir)
  const alice = await trader(node, {})
  // A genuine token, to borrow its subject and session.
  const {sub, jti} = decodeJwt(alice.token)
  const now = Math.floor(Date.now() / 1000)
  const forge = (build: (jwt: SignJWT) => SignJWT) =>
    build(new SignJWT({role: 'user'}).setProtectedHeader({alg: 'HS256', typ: 'JWT'}).setSubject(sub!).setJti(jti!)).sign(jwtKey)
  const cases = {
    'no exp': await forge((jwt) => jwt.setIssuer('exchange-node').setIssuedAt(now)),
    'another issuer': await forge((jwt) =>
      jwt
        .setIssuer('someone-else')
        .setIssuedAt(now)
        .setExpirationTime(now + 600),
    ),
    'no issuer': await forge((jwt) => jwt.setIssuedAt(now).setExpirationTime(now + 600)),
    expired: await forge((jwt) =>
      jwt
        .setIssuer('exchange-node')
        .setIssuedAt(now - 7200)
        .setExpirationTime(now - 3600),
    ),
    'alg none': `${Buffer.from(JSON.stringify({alg: 'none', typ: 'JWT'})).toString('base64url')}.${Buffer.from(
      JSON.stringify({sub, jti, role: 'user', iss: 'exchange-node', exp: now + 600}),
    ).toString('base64url')}.`,
  }
  for (const [name, token] of Object.entries(cases)) {
    const response = await bearer(node, token, 'GET', '/accounts/me/')
    t.is(response.status, 401, name)
    assertError(t, response, 401, 'unauthorized')
  }
  // The same claims with exp and the issuer: accepted (the refusals above are for what was missing).
  const good = await forge((jwt) =>
    jwt
      .setIssuer('exchange-node')
      .setIssuedAt(now)
      .setExpirationTime(now + 600),
  )
  t.is((await bearer(node, good, 'GET', '/accounts/me/')).status, 200)
})

test('a JWT re-signed with the node key is refused when it names another subject or role than its session, or outlives it', async (t) => {
  // Whoever holds jwt_key and one session of their own must not be able to act as anybody else.
  const {jwtKey} = loadOrCreateSecrets(node.dataDir)
  const mallory = await trader(node, {})
  const victim = await trader(node, {USDT: '100'})
  const {jti, exp} = decodeJwt(mallory.token)
  const now = Math.floor(Date.now() / 1000)
  const forge = (claims: {sub: string; role: string; exp: number}) =>
    new SignJWT({role: claims.role})
      .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
      .setSubject(claims.sub)
      .setJti(jti!)
      .setIssuer('exchange-node')
      .setIssuedAt(now)
      .setExpirationTime(claims.exp)
      .sign(jwtKey)
  const cases = {
    "the victim's account on mallory's session": await forge({sub: victim.account.id, role: 'user', exp: exp!}),
    'another role on the session': await forge({sub: mallory.account.id, role: 'superadmin', exp: exp!}),
    'an expiry past the session': await forge({sub: mallory.account.id, role: 'user', exp: exp! + 86_400}),
  }
  for (const [name, token] of Object.entries(cases)) {
    const response = await bearer(node, token, 'GET', '/balances/')
    t.is(response.status, 401, `${name}: ${JSON.stringify(response.body)}`)
  }
  // The session's own claims, re-signed: still accepted (the refusals above are for what differs).
  t.is((await bearer(node, await forge({sub: mallory.account.id, role: 'user', exp: exp!}), 'GET', '/balances/')).status, 200)
})
