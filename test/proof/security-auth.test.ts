/**
 * Proof, security of request authentication (docs/rest.md "Authentication"): signed requests that are replayed,
 * late, from the future, forged, or whose body, query, method or key was swapped after signing;
 * JWTs with `alg: none`, signed with the wrong key, expired, revoked or tampered. Every one is
 * refused with the documented status and code, and none of them moves money.
 */
import test from 'ava'
import {SignJWT, UnsecuredJWT} from 'jose'
import {startTestNode, type TestNode} from '../helpers/node.js'
import {UNLIMITED} from '../helpers/proof/node.js'
import {API, assertError, bearer, type RestResponse, signature, signed, trader, type Trader} from '../helpers/rest.js'

let node: TestNode
let alice: Trader
let bob: Trader

test.before(async () => {
  node = await startTestNode({rateLimits: UNLIMITED})
  alice = await trader(node, {USDT: '1000'})
  bob = await trader(node, {USDT: '1000'})
})
test.after.always(async () => {
  await node?.close()
})

const order = {ticker: 'ETH-USDT', side: 'buy', type: 'limit', price: '1000', qty: '0.01'}
const openOrders = (who: Trader): number =>
  (node.services.db.prepare('SELECT count(*) AS n FROM orders WHERE account_id = ?').get(who.account.id) as {n: number}).n

/** Sends exactly these headers and body to `target` (path + query under /api/v1). */
async function raw(method: string, target: string, headers: Record<string, string>, body = ''): Promise<RestResponse> {
  const response = await fetch(`${node.httpUrl}${API}${target}`, {
    method,
    headers: body ? {...headers, 'content-type': 'application/json'} : headers,
    body: body || undefined,
  })
  return {status: response.status, headers: response.headers, body: await response.json().catch(() => undefined)}
}

function signedHeaders(
  who: Trader,
  method: string,
  target: string,
  body: string,
  timestamp = Date.now(),
): Record<string, string> {
  return {
    'x-api-key': who.apiKey,
    'x-timestamp': String(timestamp),
    'x-signature': signature(who.apiSecret, String(timestamp), method, `${API}${target}`, body),
  }
}

// docs/rest.md "Replayed requests": a signed request is accepted once.
test.serial(
  'a replayed signed request (same X-Signature, same key, inside its window) is refused: 400 replayed_request',
  async (t) => {
    const body = JSON.stringify(order)
    const headers = signedHeaders(alice, 'POST', '/orders/place/', body)
    const first = await raw('POST', '/orders/place/', headers, body)
    t.is(first.status, 200, JSON.stringify(first.body))
    const before = openOrders(alice)
    const again = await raw('POST', '/orders/place/', headers, body)
    t.is(again.status, 400, JSON.stringify(again.body))
    t.is(again.body?.error?.code, 'replayed_request')
    t.is(openOrders(alice), before, 'the replay placed no second order')
  },
)

test.serial('late and future timestamps are refused: 400 timestamp_outside_recv_window', async (t) => {
  const before = openOrders(alice)
  assertError(
    t,
    await signed(node, alice, 'POST', '/orders/place/', order, {timestamp: Date.now() - 6000}),
    400,
    'timestamp_outside_recv_window',
  )
  assertError(
    t,
    await signed(node, alice, 'POST', '/orders/place/', order, {timestamp: Date.now() - 61_000, recvWindow: 60_000}),
    400,
    'timestamp_outside_recv_window',
  )
  assertError(
    t,
    await signed(node, alice, 'POST', '/orders/place/', order, {timestamp: Date.now() + 5000}),
    400,
    'timestamp_outside_recv_window',
  )
  assertError(
    t,
    await signed(node, alice, 'POST', '/orders/place/', order, {timestamp: Date.now() + 3_600_000}),
    400,
    'timestamp_outside_recv_window',
  )
  // A receive window above the maximum (60000) does not stretch it.
  const stretched = await signed(node, alice, 'POST', '/orders/place/', order, {
    timestamp: Date.now() - 120_000,
    recvWindow: 600_000,
  })
  t.is(stretched.status, 400, JSON.stringify(stretched.body))
  t.is(openOrders(alice), before)
})

test.serial(
  'forged signatures are refused: 403 invalid_signature (wrong secret, another key’s secret, garbage, empty)',
  async (t) => {
    const before = openOrders(alice)
    assertError(
      t,
      await signed(node, alice, 'POST', '/orders/place/', order, {secret: 'not the secret'}),
      403,
      'invalid_signature',
    )
    assertError(t, await signed(node, alice, 'POST', '/orders/place/', order, {secret: bob.apiSecret}), 403, 'invalid_signature')
    assertError(
      t,
      await signed(node, alice, 'POST', '/orders/place/', order, {signature: 'ff'.repeat(32)}),
      403,
      'invalid_signature',
    )
    assertError(t, await signed(node, alice, 'POST', '/orders/place/', order, {signature: 'zz'}), 403, 'invalid_signature')
    const empty = await signed(node, alice, 'POST', '/orders/place/', order, {signature: ''})
    t.true(empty.status === 401 || empty.status === 403 || empty.status === 400, JSON.stringify(empty.body))
    t.is(openOrders(alice), before)
  },
)

test.serial('a signature does not carry over to another body, query, method, path or key: 403 invalid_signature', async (t) => {
  const before = openOrders(alice)
  const body = JSON.stringify(order)
  const headers = signedHeaders(alice, 'POST', '/orders/place/', body)
  // Body swapped after signing: more qty, another price, extra whitespace.
  assertError(t, await raw('POST', '/orders/place/', headers, JSON.stringify({...order, qty: '100'})), 403, 'invalid_signature')
  assertError(t, await raw('POST', '/orders/place/', headers, JSON.stringify(order, null, 1)), 403, 'invalid_signature')
  // Path swapped.
  assertError(t, await raw('POST', '/orders/cancel-all/', headers, body), 403, 'invalid_signature')
  // Query added or changed on a GET.
  const get = signedHeaders(alice, 'GET', '/orders/?limit=1', '')
  t.is((await raw('GET', '/orders/?limit=1', get)).status, 200)
  assertError(
    t,
    await raw('GET', '/orders/?limit=2', signedHeaders(alice, 'GET', '/orders/?limit=1', '')),
    403,
    'invalid_signature',
  )
  // Method swapped (a signed GET replayed as a POST).
  assertError(
    t,
    await raw('POST', '/orders/cancel-all/', signedHeaders(alice, 'GET', '/orders/cancel-all/', ''), ''),
    403,
    'invalid_signature',
  )
  // Key swapped: Alice's signature presented with Bob's key.
  assertError(t, await raw('POST', '/orders/place/', {...headers, 'x-api-key': bob.apiKey}, body), 403, 'invalid_signature')
  // Timestamp swapped after signing.
  assertError(
    t,
    await raw('POST', '/orders/place/', {...headers, 'x-timestamp': String(Date.now() - 1)}, body),
    403,
    'invalid_signature',
  )
  t.is(openOrders(alice), before)
  t.is(openOrders(bob), 0)
})

test.serial('an unknown API key is 401 invalid_api_key', async (t) => {
  const response = await signed(node, {...alice, apiKey: 'ak_unknown'}, 'GET', '/balances/')
  assertError(t, response, 401, 'invalid_api_key')
})

/** The claims of a real session of Alice's, for tokens crafted below. */
const claims = () => ({sub: alice.account.id, role: 'user', jti: alice.jti})

test.serial('JWT with alg none is 401 unauthorized', async (t) => {
  const none = new UnsecuredJWT(claims()).setIssuer('exchange-node').setIssuedAt().setExpirationTime('1h').encode()
  assertError(t, await bearer(node, none, 'GET', '/balances/'), 401, 'unauthorized')
  // The same with the header spelled by hand, and with an empty signature segment kept.
  const header = Buffer.from(JSON.stringify({alg: 'none', typ: 'JWT'})).toString('base64url')
  const payload = none.split('.')[1]
  assertError(t, await bearer(node, `${header}.${payload}.`, 'GET', '/balances/'), 401, 'unauthorized')
  assertError(t, await bearer(node, `${header}.${payload}`, 'GET', '/balances/'), 401, 'unauthorized')
})

test.serial('JWT signed with the wrong key, or tampered after signing, is 401 unauthorized', async (t) => {
  const wrong = await new SignJWT(claims())
    .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
    .setIssuer('exchange-node')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('a key that is not the node’s key, 32+ bytes long'))
  assertError(t, await bearer(node, wrong, 'GET', '/balances/'), 401, 'unauthorized')
  // A real token whose payload now names Bob: its signature no longer matches.
  const [header, payload, sig] = alice.token.split('.')
  const swapped = Buffer.from(
    JSON.stringify({...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: bob.account.id}),
  ).toString('base64url')
  assertError(t, await bearer(node, `${header}.${swapped}.${sig}`, 'GET', '/balances/'), 401, 'unauthorized')
  // A real token with alg switched to HS512 or none in its header.
  for (const alg of ['HS512', 'none', 'RS256']) {
    const forged = Buffer.from(JSON.stringify({alg, typ: 'JWT'})).toString('base64url')
    assertError(t, await bearer(node, `${forged}.${payload}.${sig}`, 'GET', '/balances/'), 401, 'unauthorized')
  }
})

test.serial('an expired JWT (valid signature) is 401 unauthorized', async (t) => {
  const {token} = await node.services.tokens.issue(alice.account.id, 'user', -5)
  assertError(t, await bearer(node, token, 'GET', '/balances/'), 401, 'unauthorized')
})

test.serial('a revoked JWT (signed out) is 401 unauthorized on REST and the gateway', async (t) => {
  const session = await node.services.tokens.issue(alice.account.id, 'user')
  t.is((await bearer(node, session.token, 'GET', '/balances/')).status, 200)
  const out = await bearer(node, session.token, 'POST', '/auth/sign-out/')
  t.true(out.status === 200 || out.status === 204, JSON.stringify(out.body))
  assertError(t, await bearer(node, session.token, 'GET', '/balances/'), 401, 'unauthorized')
  assertError(t, await bearer(node, session.token, 'GET', '/api-keys/'), 401, 'unauthorized')
  // Alice's other session is untouched.
  t.is((await bearer(node, alice.token, 'GET', '/balances/')).status, 200)
})
