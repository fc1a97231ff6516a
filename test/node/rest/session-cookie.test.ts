/**
 * The web app's session on REST v1 (docs/rest.md "Browsers: cookies, CSRF and CORS"): the sign-in's
 * `exchange_session` cookie is accepted wherever a session JWT is — reads as they are, writes only
 * with `X-Requested-With: exchange-web`, as JSON, from the node's own or an allow-listed Origin
 * (else 403 csrf_refused, and nothing changes). An Authorization header or an API key wins over the
 * cookie. A revoked session's cookie is 401, a blocked account's 403 account_blocked, as with Bearer.
 * The users sign up and sign in through the gateway: the cookie is the one its sign-in set.
 */
import test from 'ava'
import {browserUser, fromPage, type WebUser} from '../../helpers/web-session.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {assertError, bearer, signed, trader} from '../../helpers/rest.js'

const TRUSTED = 'https://app.example.com'
const ORDER = {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '10000', qty: '0.001'}
const EXTERNAL = '0x000000000000000000000000000000000000dEaD'

let node: TestNode
test.before(async () => {
  node = await startTestNode({
    rateLimits: {standard: 1000, strict: 1000, internal: 1000, internalCidrs: []},
    corsOrigins: [TRUSTED],
  })
})
test.after.always(async () => {
  await node?.close()
})

/** A web app user with USDT on its funding and trading balance accounts. */
async function funded(t: Parameters<typeof browserUser>[0], prefix: string): Promise<WebUser> {
  const browser = await browserUser(t, node, node, prefix)
  const account = node.services.accounts.byId(browser.accountId)!
  for (const balanceAccountId of [account.fundingAccountId, account.tradingAccountId]) {
    node.services.operations.topup({balanceAccountId}, {asset: 'USDT', amount: '100', reason: 'test', operator: 'test'})
  }
  return browser
}

/** The account's USDT on its trading balance account, as GET /balances/ shows it to the cookie. */
async function tradingUsdt(browser: WebUser): Promise<{available: string; locked: string}> {
  const {body} = await fromPage(node, browser, 'GET', '/balances/')
  const {available, locked} = body.balances.find((b: any) => b.asset === 'USDT' && b.account_type === 'trading')
  return {available, locked}
}

test('the cookie alone reads: /accounts/me/, /orders/, /balances/, /trades/, /accounts/sub-accounts/, /withdrawals/', async (t) => {
  const browser = await funded(t, 'cookie-read')
  const me = await fromPage(node, browser, 'GET', '/accounts/me/', undefined, {web: false})
  t.is(me.status, 200, JSON.stringify(me.body))
  t.is(me.body.id, browser.accountId)
  t.is(me.body.email, browser.email)
  for (const path of ['/orders/', '/balances/', '/trades/', '/accounts/sub-accounts/', '/withdrawals/', '/deposits/']) {
    const read = await fromPage(node, browser, 'GET', path, undefined, {web: false, origin: 'https://evil.example'})
    t.is(read.status, 200, `${path}: ${JSON.stringify(read.body)}`)
  }
  t.deepEqual((await fromPage(node, browser, 'GET', '/orders/')).body, {orders: [], total: 0})
  // No cookie, nothing else: 401 as ever.
  assertError(t, await fromPage(node, {cookie: ''}, 'GET', '/accounts/me/'), 401, 'unauthorized')
})

test('a cookie write with X-Requested-With: exchange-web places and cancels orders', async (t) => {
  const browser = await funded(t, 'cookie-trade')
  const placed = await fromPage(node, browser, 'POST', '/orders/place/', ORDER, {origin: node.httpUrl})
  t.is(placed.status, 200, JSON.stringify(placed.body))
  t.is(placed.body.status, 'open')
  t.deepEqual(await tradingUsdt(browser), {available: '90', locked: '10'})
  const listed = await fromPage(node, browser, 'GET', '/orders/?status=open')
  t.deepEqual(
    listed.body.orders.map((order: any) => order.id),
    [placed.body.order_id],
  )
  // The page's own origin, an allow-listed one, or none (a client that is not a browser).
  const cancelled = await fromPage(node, browser, 'POST', '/orders/cancel/', {order_id: placed.body.order_id})
  t.is(cancelled.status, 200, JSON.stringify(cancelled.body))
  t.is(cancelled.body.status, 'cancelled')
  t.is((await fromPage(node, browser, 'POST', '/orders/place/', ORDER, {origin: TRUSTED})).status, 200)
  const all = await fromPage(node, browser, 'POST', '/orders/cancel-all/', {ticker: 'BTC-USDT'})
  t.is(all.status, 200, JSON.stringify(all.body))
  t.deepEqual(await tradingUsdt(browser), {available: '100', locked: '0'})
})

test('a cookie write without X-Requested-With: exchange-web is 403 csrf_refused whatever its Origin, and places nothing', async (t) => {
  const browser = await funded(t, 'cookie-no-header')
  for (const origin of [node.httpUrl, TRUSTED, undefined, 'https://evil.example']) {
    const answer = await fromPage(node, browser, 'POST', '/orders/place/', ORDER, {web: false, origin})
    assertError(t, answer, 403, 'csrf_refused')
    t.regex(answer.body.error.message, /X-Requested-With: exchange-web/)
  }
  // Another value of the header is no better.
  const other = {web: false, headers: {'X-Requested-With': 'XMLHttpRequest'}}
  assertError(t, await fromPage(node, browser, 'POST', '/orders/place/', ORDER, other), 403, 'csrf_refused')
  t.deepEqual((await fromPage(node, browser, 'GET', '/orders/')).body, {orders: [], total: 0})
  t.deepEqual(await tradingUsdt(browser), {available: '100', locked: '0'})
})

test('a cookie write with the header is still refused from a foreign or "null" Origin, and when it is not JSON', async (t) => {
  const browser = await funded(t, 'cookie-foreign')
  for (const origin of ['https://evil.example', 'null', 'http://app.example.com']) {
    assertError(t, await fromPage(node, browser, 'POST', '/orders/place/', ORDER, {origin}), 403, 'csrf_refused')
  }
  const plain = {headers: {'Content-Type': 'text/plain'}}
  assertError(t, await fromPage(node, browser, 'POST', '/orders/place/', ORDER, plain), 403, 'csrf_refused')
  // multipart/form-data is taken only where a file is uploaded (the P2P chat).
  const form = new FormData()
  for (const [name, value] of Object.entries(ORDER)) form.append(name, value)
  assertError(t, await fromPage(node, browser, 'POST', '/orders/place/', undefined, {form}), 403, 'csrf_refused')
  t.deepEqual((await fromPage(node, browser, 'GET', '/orders/')).body, {orders: [], total: 0})
})

test('a Bearer or API-key write needs no header; Authorization and an API key win over the cookie', async (t) => {
  const browser = await funded(t, 'cookie-precedence')
  const other = await trader(node, {USDT: '100'})
  // Bearer: no X-Requested-With, any Origin (CORS keeps a foreign page from reading the answer, not this guard).
  const viaBearer = await bearer(node, other.token, 'POST', '/orders/place/', ORDER)
  t.is(viaBearer.status, 200, JSON.stringify(viaBearer.body))
  // The browser's cookie, with another account's Bearer token: the header's account, and no CSRF guard.
  const both = await fromPage(node, browser, 'GET', '/accounts/me/', undefined, {
    headers: {Authorization: `Bearer ${other.token}`},
  })
  t.is(both.body.id, other.account.id)
  const bothWrite = await fromPage(node, browser, 'POST', '/orders/place/', ORDER, {
    web: false,
    origin: 'https://evil.example',
    headers: {Authorization: `Bearer ${other.token}`},
  })
  t.is(bothWrite.status, 200, JSON.stringify(bothWrite.body))
  t.is(bothWrite.body.order.id, bothWrite.body.order_id)
  // A header that does not verify is refused: the cookie is not tried instead.
  const badHeader = {headers: {Authorization: 'Bearer not.a.jwt'}}
  assertError(t, await fromPage(node, browser, 'GET', '/accounts/me/', undefined, badHeader), 401, 'unauthorized')
  // A signed API key wins over the cookie too.
  const viaKey = await signed(node, other, 'GET', '/accounts/me/', undefined, {headers: {Cookie: browser.cookie}})
  t.is(viaKey.body.id, other.account.id)
  t.is(
    (await signed(node, other, 'POST', '/orders/cancel-all/', {ticker: 'BTC-USDT'}, {headers: {Cookie: browser.cookie}})).status,
    200,
  )
  t.deepEqual((await fromPage(node, browser, 'GET', '/orders/')).body, {orders: [], total: 0})
})

test('moving funds with the cookie: a transfer and a sub-account with the header; a withdrawal reaches the chain', async (t) => {
  const browser = await funded(t, 'cookie-funds')
  const {body} = await fromPage(node, browser, 'GET', '/accounts/me/')
  const transfer = {
    from_balance_account_id: body.funding_account_id,
    to_balance_account_id: body.trading_account_id,
    asset: 'USDT',
    amount: '25',
  }
  assertError(t, await fromPage(node, browser, 'POST', '/balances/transfer/', transfer, {web: false}), 403, 'csrf_refused')
  t.deepEqual(await tradingUsdt(browser), {available: '100', locked: '0'})
  const moved = await fromPage(node, browser, 'POST', '/balances/transfer/', transfer, {origin: node.httpUrl})
  t.is(moved.status, 200, JSON.stringify(moved.body))
  t.deepEqual(await tradingUsdt(browser), {available: '125', locked: '0'})

  const sub = {email: `sub-${browser.email}`}
  assertError(t, await fromPage(node, browser, 'POST', '/accounts/sub-accounts/', sub, {web: false}), 403, 'csrf_refused')
  const created = await fromPage(node, browser, 'POST', '/accounts/sub-accounts/', sub)
  t.is(created.status, 200, JSON.stringify(created.body))
  t.is(created.body.master_account_id, browser.accountId)

  // No chain node is connected to this node: a withdrawal the session may make stops there (409), after the guard.
  const withdrawal = {asset: 'USDT', network: 'eth', amount: '1', to_address: EXTERNAL}
  assertError(t, await fromPage(node, browser, 'POST', '/withdrawals/', withdrawal, {web: false}), 403, 'csrf_refused')
  assertError(t, await fromPage(node, browser, 'POST', '/withdrawals/', withdrawal), 409, 'chain_unavailable')
})

test('after sign-out the cookie is refused 401 on REST, P2P and the gateway', async (t) => {
  const browser = await funded(t, 'cookie-signed-out')
  t.is((await fromPage(node, browser, 'GET', '/accounts/me/')).status, 200)
  const out = await fromPage(node, browser, 'POST', '/auth/sign-out/', {}, {origin: node.httpUrl})
  t.is(out.status, 200, JSON.stringify(out.body))
  t.regex(out.headers.getSetCookie().join('\n'), /^exchange_session=;.*expires=Thu, 01 Jan 1970/im)
  // The browser cleared it; a copy of the old cookie is worth nothing now.
  for (const path of ['/accounts/me/', '/orders/', '/balances/', '/p2p/orders/', '/api-keys/']) {
    assertError(t, await fromPage(node, browser, 'GET', path), 401, 'unauthorized')
  }
  assertError(t, await fromPage(node, browser, 'POST', '/orders/place/', ORDER), 401, 'unauthorized')
  assertError(t, await fromPage(node, browser, 'POST', '/auth/sign-out/', {}), 401, 'unauthorized')
})

test("a blocked account's cookie is 403 account_blocked, as its Bearer token is", async (t) => {
  const browser = await funded(t, 'cookie-blocked')
  node.services.accounts.changeStatus(browser.email, 'blocked', 'test')
  for (const path of ['/accounts/me/', '/balances/', '/p2p/orders/', '/api-keys/']) {
    assertError(t, await fromPage(node, browser, 'GET', path), 403, 'account_blocked')
  }
  assertError(t, await fromPage(node, browser, 'POST', '/orders/place/', ORDER), 403, 'account_blocked')
  // The guard still comes first: a headerless write is refused before the session is looked at.
  assertError(t, await fromPage(node, browser, 'POST', '/orders/place/', ORDER, {web: false}), 403, 'csrf_refused')
  node.services.accounts.changeStatus(browser.email, 'active', 'test')
  t.is((await fromPage(node, browser, 'GET', '/accounts/me/')).status, 200)
})
