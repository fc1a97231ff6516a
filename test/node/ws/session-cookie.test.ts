/**
 * The orders stream as the web app opens it (docs/websockets.md "Orders"): without `api_key` in the
 * query, the sign-in's `exchange_session` cookie authenticates the upgrade, as a signed query would
 * (the account's order updates), when the handshake's Origin is the node's own or allow-listed.
 * Without an Origin, or with a foreign one, it is refused 403 csrf_refused: no cross-site WebSocket
 * hijacking. A signed query wins over the cookie; a revoked session is 401, a blocked account 403.
 */
import test from 'ava'
import {browserUser, fromPage, pageSocket, type WebUser} from '../../helpers/web-session.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {connect, ORDERS_PATH, refusal, signedQuery, trader, wsUrl} from '../../helpers/ws-clients.js'

const TRUSTED = 'https://app.example.com'
const ORDER = {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '10000', qty: '0.001'}

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

async function funded(t: Parameters<typeof browserUser>[0], prefix: string): Promise<WebUser> {
  const browser = await browserUser(t, node, node, prefix)
  const {tradingAccountId} = node.services.accounts.byId(browser.accountId)!
  node.services.operations.topup(
    {balanceAccountId: tradingAccountId},
    {asset: 'USDT', amount: '100', reason: 'test', operator: 'test'},
  )
  return browser
}

const orders = (query = '') => wsUrl(node, `${ORDERS_PATH}${query}`)

test('the cookie from the own Origin opens the orders stream: the order the page places comes as order_update', async (t) => {
  const browser = await funded(t, 'ws-cookie')
  for (const [url, origin] of [
    [orders(), node.httpUrl],
    [wsUrl(node, ORDERS_PATH.slice(0, -1)), TRUSTED],
  ] as const) {
    const client = await connect(url, pageSocket(browser.cookie, origin))
    try {
      const placed = await fromPage(node, browser, 'POST', '/orders/place/', ORDER)
      t.is(placed.status, 200, JSON.stringify(placed.body))
      const update = await client.next(5000)
      t.is(update.event, 'order_update')
      t.like(update.order, {id: placed.body.order_id, status: 'open', price: '10000'})
      await fromPage(node, browser, 'POST', '/orders/cancel/', {order_id: placed.body.order_id})
      t.like((await client.next(5000)).order, {id: placed.body.order_id, status: 'cancelled'})
    } finally {
      client.close()
    }
  }
})

test('a cookie upgrade without an Origin, or from a foreign one, is refused 403 csrf_refused', async (t) => {
  const browser = await funded(t, 'ws-foreign')
  for (const origin of [undefined, 'https://evil.example', 'null', 'http://app.example.com', 'http://127.0.0.1:1']) {
    const refused = await refusal(orders(), pageSocket(browser.cookie, origin))
    t.is(refused.status, 403, String(origin))
    t.is(refused.body.error.code, 'csrf_refused', String(origin))
  }
  // Neither a cookie nor a key: 401, as before.
  const none = await refusal(orders(), {origin: node.httpUrl})
  t.is(none.status, 401)
  t.is(none.body.error.code, 'unauthorized')
})

test("a signed query wins over the cookie: the key's account is followed, whatever Origin the cookie would need", async (t) => {
  const browser = await funded(t, 'ws-signed')
  const keyed = await trader(node, {USDT: '100'})
  const key = node.services.apiKeys.create(keyed.id, ['read'], 'ws')
  const client = await connect(
    orders(`?${signedQuery(key.apiKey, key.apiSecret)}`),
    pageSocket(browser.cookie, 'https://evil.example'),
  )
  try {
    t.is((await fromPage(node, browser, 'POST', '/orders/place/', ORDER)).status, 200)
    const own = await node.services.trading.place(keyed.id, {...ORDER, type: 'limit', side: 'buy'})
    const update = await client.next(5000)
    t.is(update.order.id, own.order.id, "only the key account's orders")
  } finally {
    client.close()
  }
})

test("after sign-out the cookie is refused 401; a blocked account's 403 account_blocked", async (t) => {
  const browser = await funded(t, 'ws-ended')
  const blocked = await funded(t, 'ws-blocked')
  t.is((await fromPage(node, browser, 'POST', '/auth/sign-out/', {})).status, 200)
  const signedOut = await refusal(orders(), pageSocket(browser.cookie, node.httpUrl))
  t.is(signedOut.status, 401)
  t.is(signedOut.body.error.code, 'unauthorized')
  const p2p = await refusal(wsUrl(node, '/api/v1/p2p/ws/'), pageSocket(browser.cookie, node.httpUrl))
  t.is(p2p.status, 401)

  node.services.accounts.changeStatus(blocked.email, 'blocked', 'test')
  for (const path of [ORDERS_PATH, '/api/v1/p2p/ws/']) {
    const refused = await refusal(wsUrl(node, path), pageSocket(blocked.cookie, node.httpUrl))
    t.is(refused.status, 403, path)
    t.is(refused.body.error.code, 'account_blocked', path)
  }
})
