/**
 * A signed request is accepted once (docs/rest.md "Replayed requests"): the same signature for the same key inside its
 * window is refused with 400 `replayed_request` — orders, GETs, transfers and the orders-stream
 * upgrade — whatever X-Recv-Window the replay claims, and a forged request never uses up the
 * signature of the legitimate one.
 */
import test from 'ava'
import {formatAmount} from '../../../src/node/ground/money.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {API, assertError, freshTimestamp, signature, signed, trader} from '../../helpers/rest.js'
import {connect, delay, ORDERS_PATH, refusal, signedQuery, wsUrl} from '../../helpers/ws-clients.js'

let node: TestNode
test.before(async () => {
  node = await startTestNode()
})
test.after.always(async () => {
  await node?.close()
})

const ORDER = {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '10000', qty: '0.001'}

test('the same signed order sent twice places one order; the second is 400 replayed_request', async (t) => {
  const alice = await trader(node, {USDT: '100'})
  const timestamp = freshTimestamp()
  const first = await signed(node, alice, 'POST', '/orders/place/', ORDER, {timestamp})
  t.is(first.status, 200, JSON.stringify(first.body))
  assertError(t, await signed(node, alice, 'POST', '/orders/place/', ORDER, {timestamp}), 400, 'replayed_request')
  // The signature in upper case is the same signature.
  const upper = signature(alice.apiSecret, String(timestamp), 'POST', `${API}/orders/place/`, JSON.stringify(ORDER)).toUpperCase()
  assertError(
    t,
    await signed(node, alice, 'POST', '/orders/place/', ORDER, {timestamp, signature: upper}),
    400,
    'replayed_request',
  )
  const orders = await signed(node, alice, 'GET', '/orders/')
  t.is(orders.body.total, 1)
  // Signed anew (another timestamp), the same order goes through.
  t.is((await signed(node, alice, 'POST', '/orders/place/', ORDER)).status, 200)
})

test('a replay is refused even when it adds X-Recv-Window: 60000 after its own window passed', async (t) => {
  const alice = await trader(node, {USDT: '100'})
  const timestamp = freshTimestamp()
  // Sent with a 2 s window (the header is not signed; 5 s by default works alike, only slower).
  t.is((await signed(node, alice, 'POST', '/orders/place/', ORDER, {timestamp, recvWindow: 2000})).status, 200)
  await delay(timestamp + 2500 - Date.now())
  // Now outside its window: as sent, it is a stale request...
  assertError(
    t,
    await signed(node, alice, 'POST', '/orders/place/', ORDER, {timestamp, recvWindow: 2000}),
    400,
    'timestamp_outside_recv_window',
  )
  // ...and with a wider window it is still the request already accepted.
  assertError(
    t,
    await signed(node, alice, 'POST', '/orders/place/', ORDER, {timestamp, recvWindow: 60_000}),
    400,
    'replayed_request',
  )
  t.is((await signed(node, alice, 'GET', '/orders/')).body.total, 1)
})

test('a signed GET is accepted once', async (t) => {
  const alice = await trader(node)
  const timestamp = freshTimestamp()
  t.is((await signed(node, alice, 'GET', '/balances/', undefined, {timestamp})).status, 200)
  assertError(t, await signed(node, alice, 'GET', '/balances/', undefined, {timestamp}), 400, 'replayed_request')
})

test('a signed balance transfer sent twice moves the funds once', async (t) => {
  const alice = await trader(node, {USDT: '100'})
  const body = {
    from_balance_account_id: alice.account.tradingAccountId,
    to_balance_account_id: alice.account.fundingAccountId,
    asset: 'USDT',
    amount: '10',
  }
  const timestamp = freshTimestamp()
  t.is((await signed(node, alice, 'POST', '/balances/transfer/', body, {timestamp})).status, 200)
  assertError(t, await signed(node, alice, 'POST', '/balances/transfer/', body, {timestamp}), 400, 'replayed_request')
  const funding = node.services.ledger.balance(alice.account.fundingAccountId, 'USDT').available
  t.is(formatAmount(funding, node.services.assets.get('USDT')!.decimals), '10')
})

test('a forged request carrying the legitimate signature does not use it up', async (t) => {
  const alice = await trader(node, {USDT: '100'})
  const timestamp = freshTimestamp()
  const real = signature(alice.apiSecret, String(timestamp), 'POST', `${API}/orders/place/`, JSON.stringify(ORDER))
  // Same signature, another body: it does not verify, so it is not remembered.
  const forged = {...ORDER, qty: '0.002'}
  assertError(
    t,
    await signed(node, alice, 'POST', '/orders/place/', forged, {timestamp, signature: real}),
    403,
    'invalid_signature',
  )
  const response = await signed(node, alice, 'POST', '/orders/place/', ORDER, {timestamp})
  t.is(response.status, 200, JSON.stringify(response.body))
})

test('another key may send a request at the same millisecond: replays are told per key', async (t) => {
  const alice = await trader(node)
  const bob = await trader(node)
  const timestamp = freshTimestamp()
  t.is((await signed(node, alice, 'GET', '/orders/', undefined, {timestamp})).status, 200)
  t.is((await signed(node, bob, 'GET', '/orders/', undefined, {timestamp})).status, 200)
})

test('the same signed orders-stream URL opens one stream; the second upgrade is 400 replayed_request', async (t) => {
  const alice = await trader(node)
  const url = wsUrl(node, `${ORDERS_PATH}?${signedQuery(alice.apiKey, alice.apiSecret)}`)
  const first = await connect(url)
  try {
    const second = await refusal(url)
    t.is(second.status, 400)
    t.is(second.body?.error?.code, 'replayed_request')
  } finally {
    first.close()
  }
  // The P2P stream takes the same signed query: one signature, one stream of either kind.
  const p2p = await refusal(wsUrl(node, `/api/v1/p2p/ws/?${new URL(url).search.slice(1)}`))
  t.is(p2p.status, 400)
  t.is(p2p.body?.error?.code, 'replayed_request')
})
