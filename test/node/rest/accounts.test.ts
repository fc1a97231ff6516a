import test from 'ava'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {API, assertError, bearer, setStatus, signed, trader} from '../../helpers/rest.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

test('GET /accounts/me/ with a JWT returns the account, its tier fees and its balance accounts', async (t) => {
  const alice = await trader(node)
  const tier = node.services.tiers.getDefault()
  const response = await bearer(node, alice.token, 'GET', '/accounts/me/')
  t.is(response.status, 200)
  t.deepEqual(response.body, {
    id: alice.account.id,
    email: alice.account.email,
    status: 'active',
    tier: {id: tier.id, name: 'default', maker_fee: '0.001', taker_fee: '0.002', orders_per_second: 10},
    funding_account_id: alice.account.fundingAccountId,
    trading_account_id: alice.account.tradingAccountId,
    created_at: alice.account.createdAt,
  })
  t.regex(response.body.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
  t.is(response.headers.get('X-RateLimit-Limit'), '40', 'loopback is in the internal rate class')
  t.truthy(response.headers.get('X-RateLimit-Remaining'))
})

test('GET /accounts/me/ with a signed read key answers the same body', async (t) => {
  const alice = await trader(node, {}, ['read'])
  const viaKey = await signed(node, alice, 'GET', '/accounts/me/')
  const viaJwt = await bearer(node, alice.token, 'GET', '/accounts/me/')
  t.is(viaKey.status, 200)
  t.deepEqual(viaKey.body, viaJwt.body)
})

test('the slash-less path is served identically, and the signature covers the path as sent', async (t) => {
  const alice = await trader(node)
  const withSlash = await bearer(node, alice.token, 'GET', '/accounts/me/')
  const without = await bearer(node, alice.token, 'GET', '/accounts/me')
  t.is(without.status, 200)
  t.deepEqual(without.body, withSlash.body)
  const signedWithout = await signed(node, alice, 'GET', '/accounts/me')
  t.is(signedWithout.status, 200)
  t.deepEqual(signedWithout.body, withSlash.body)
})

test('no credentials, a malformed header or a bad token: 401 unauthorized', async (t) => {
  assertError(t, await bearer(node, undefined, 'GET', '/accounts/me/'), 401, 'unauthorized')
  assertError(t, await bearer(node, 'not-a-jwt', 'GET', '/accounts/me/'), 401, 'unauthorized')
  const basic = await fetch(`${node.httpUrl}${API}/accounts/me/`, {headers: {Authorization: 'Basic dXNlcjpwYXNz'}})
  t.is(basic.status, 401)
  t.is(((await basic.json()) as {error: {code: string}}).error.code, 'unauthorized')
})

test('a revoked session is refused with 401 on the next call', async (t) => {
  const alice = await trader(node)
  t.is((await bearer(node, alice.token, 'GET', '/accounts/me/')).status, 200)
  node.services.tokens.revoke(alice.jti)
  assertError(t, await bearer(node, alice.token, 'GET', '/accounts/me/'), 401, 'unauthorized')
  // The account's API key is a separate credential and still works.
  t.is((await signed(node, alice, 'GET', '/accounts/me/')).status, 200)
})

test('a token of someone who is not an exchange account (an admin) is 401', async (t) => {
  const {token} = await node.services.tokens.issue('00000000-0000-4000-8000-000000000000', 'admin')
  assertError(t, await bearer(node, token, 'GET', '/accounts/me/'), 401, 'unauthorized')
})

test('a blocked account is refused on every authenticated endpoint, by JWT and by key', async (t) => {
  const bob = await trader(node, {USDT: '1000'})
  setStatus(node, bob.account, 'blocked')
  const reads = ['/accounts/me/', '/orders/', '/trades/', '/balances/']
  for (const path of reads) {
    assertError(t, await bearer(node, bob.token, 'GET', path), 403, 'account_blocked')
    assertError(t, await signed(node, bob, 'GET', path), 403, 'account_blocked')
  }
  const writes: [string, unknown][] = [
    ['/orders/place/', {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '10000', qty: '0.01'}],
    ['/orders/cancel/', {client_order_id: 'x'}],
    ['/orders/cancel-all/', {ticker: 'BTC-USDT'}],
    [
      '/balances/transfer/',
      {
        from_balance_account_id: bob.account.tradingAccountId,
        to_balance_account_id: bob.account.fundingAccountId,
        asset: 'USDT',
        amount: '1',
      },
    ],
  ]
  for (const [path, body] of writes) assertError(t, await signed(node, bob, 'POST', path, body), 403, 'account_blocked')
  assertError(t, await bearer(node, bob.token, 'POST', '/balances/transfer/', writes[3]![1]), 403, 'account_blocked')
  setStatus(node, bob.account, 'active')
  t.is((await bearer(node, bob.token, 'GET', '/accounts/me/')).status, 200, 'unblocking restores access at once')
})

test('an unknown route under /api/v1 is a 404 with the error body', async (t) => {
  const alice = await trader(node)
  assertError(t, await bearer(node, alice.token, 'GET', '/accounts/nobody/'), 404, 'not_found')
})
