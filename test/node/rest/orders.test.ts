import test from 'ava'
import {DEFAULT_CONFIG} from '../../../src/node/ground/config.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {assertError, bearer, setStatus, signed, trader} from '../../helpers/rest.js'

let node: TestNode
test.before(async () => {
  // Order rate limits have their own test file; here they would only make tests order-dependent.
  node = await startTestNode({rateLimits: {...DEFAULT_CONFIG.rateLimits, ordersPerSecond: 1000}})
})
test.after.always(async () => {
  await node?.close()
})

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const buy = (price: string, qty: string, extra: Record<string, unknown> = {}) => ({
  ticker: 'BTC-USDT',
  side: 'buy',
  type: 'limit',
  price,
  qty,
  ...extra,
})

test('POST /orders/place/ answers order_id, client_order_id, exchange_time, status, fills, avg_price and the order', async (t) => {
  const alice = await trader(node, {USDT: '1000'})
  const response = await signed(node, alice, 'POST', '/orders/place/', buy('20000.50', '0.01', {client_order_id: 'first-1'}))
  t.is(response.status, 200, JSON.stringify(response.body))
  const {order_id, exchange_time, order} = response.body
  t.regex(order_id, UUID)
  t.regex(exchange_time, ISO)
  t.deepEqual(response.body, {
    order_id,
    client_order_id: 'first-1',
    exchange_time,
    status: 'open',
    fills: [],
    avg_price: null,
    order: {
      id: order_id,
      client_order_id: 'first-1',
      seq: order.seq,
      ticker: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      time_in_force: 'GTC',
      price: '20000.5',
      qty: '0.01',
      filled_qty: '0',
      avg_price: null,
      status: 'open',
      created_at: exchange_time,
      updated_at: order.updated_at,
      stop_price: null,
      stop_direction: null,
      triggered_at: null,
      quote_qty: null,
      self_trade_prevention: 'expire_taker',
    },
  })
  t.regex(order.updated_at, ISO)
  t.is(typeof order.seq, 'number')
  const usdt = node.services.ledger.balance(alice.account.tradingAccountId, 'USDT')
  t.deepEqual(usdt, {available: 799_995_000n, locked: 200_005_000n})
})

test('the slash-less /orders/place works identically', async (t) => {
  const alice = await trader(node, {USDT: '1000'})
  const response = await signed(node, alice, 'POST', '/orders/place', buy('10000', '0.01'))
  t.is(response.status, 200, JSON.stringify(response.body))
  t.is(response.body.status, 'open')
})

test('money must be a plain decimal string: "1e5", a JSON number, a signed or empty value are 400', async (t) => {
  const alice = await trader(node, {USDT: '100000'})
  const bad = [
    buy('1e5', '0.01'),
    buy('20000', '1e-2'),
    {...buy('20000', '0.01'), price: 20000},
    {...buy('20000', '0.01'), qty: 0.01},
    buy('+20000', '0.01'),
    buy('20000', '-0.01'),
    buy('20000', ''),
    buy('20000', '0'),
    buy('20000', '0.000000001'),
  ]
  for (const body of bad) assertError(t, await signed(node, alice, 'POST', '/orders/place/', body), 400, 'invalid_argument')
  t.is(node.services.trading.store.list({accountId: alice.account.id, limit: 10, offset: 0}).total, 0)
})

test('off-tick price, off-lot qty, below min notional, bad side/type and a malformed body are 400', async (t) => {
  const alice = await trader(node, {USDT: '100000'})
  const bad: unknown[] = [
    buy('20000.001', '0.01'),
    buy('20000', '0.000001'),
    buy('10', '0.001'),
    {...buy('20000', '0.01'), side: 'hold'},
    {...buy('20000', '0.01'), type: 'stop'},
    {...buy('20000', '0.01'), time_in_force: 'GTX'},
    {...buy('20000', '0.01'), post_only: 'yes'},
    {...buy('20000', '0.01'), client_order_id: 'has spaces'},
    // The trading service also stores the "." of Binance-form ids; /api/v1 keeps to its own characters.
    {...buy('20000', '0.01'), client_order_id: 'has.dot'},
    {ticker: 'BTC-USDT', side: 'buy', type: 'limit', qty: '0.01'},
    {ticker: 'BTC-USDT', side: 'buy', type: 'market', price: '20000', qty: '0.01'},
    '{"ticker": ',
    '[1, 2]',
  ]
  for (const body of bad) assertError(t, await signed(node, alice, 'POST', '/orders/place/', body), 400, 'invalid_argument')
})

test('an unknown ticker is 404; insufficient funds is 400 and changes nothing', async (t) => {
  const alice = await trader(node, {USDT: '10'})
  assertError(t, await signed(node, alice, 'POST', '/orders/place/', {...buy('1', '1'), ticker: 'DOGE-USDT'}), 404, 'not_found')
  assertError(t, await signed(node, alice, 'POST', '/orders/place/', buy('20000', '0.01')), 400, 'insufficient_funds')
  assertError(
    t,
    await signed(node, alice, 'POST', '/orders/place/', {
      ticker: 'BTC-USDT',
      side: 'sell',
      type: 'limit',
      price: '20000',
      qty: '0.01',
    }),
    400,
    'insufficient_funds',
  )
  t.deepEqual(node.services.ledger.balance(alice.account.tradingAccountId, 'USDT'), {available: 10_000_000n, locked: 0n})
  t.is(node.services.trading.store.list({accountId: alice.account.id, limit: 10, offset: 0}).total, 0)
})

test('client_order_id is idempotent over HTTP: the same answer, one order, one hold', async (t) => {
  const alice = await trader(node, {USDT: '1000'})
  const body = buy('10000', '0.01', {client_order_id: 'idem-42'})
  const [first, second] = await Promise.all([
    signed(node, alice, 'POST', '/orders/place/', body),
    signed(node, alice, 'POST', '/orders/place/', body),
  ])
  const third = await signed(node, alice, 'POST', '/orders/place/', body)
  t.is(first.status, 200)
  t.deepEqual(second.body, first.body)
  t.deepEqual(third.body, first.body)
  t.is(node.services.trading.store.list({accountId: alice.account.id, limit: 10, offset: 0}).total, 1)
  t.deepEqual(node.services.ledger.balance(alice.account.tradingAccountId, 'USDT'), {
    available: 900_000_000n,
    locked: 100_000_000n,
  })
})

test('cancel by order_id and by client_order_id; both must agree; a second cancel is refused', async (t) => {
  const alice = await trader(node, {USDT: '1000'})
  const a = (await signed(node, alice, 'POST', '/orders/place/', buy('10000', '0.01', {client_order_id: 'c-a'}))).body
  const b = (await signed(node, alice, 'POST', '/orders/place/', buy('10000', '0.01', {client_order_id: 'c-b'}))).body

  const byId = await signed(node, alice, 'POST', '/orders/cancel/', {order_id: a.order_id})
  t.is(byId.status, 200, JSON.stringify(byId.body))
  t.like(byId.body, {
    order_id: a.order_id,
    client_order_id: 'c-a',
    status: 'cancelled',
    order: {id: a.order_id, status: 'cancelled'},
  })

  assertError(
    t,
    await signed(node, alice, 'POST', '/orders/cancel/', {order_id: b.order_id, client_order_id: 'c-a'}),
    404,
    'not_found',
  )
  const byClientId = await signed(node, alice, 'POST', '/orders/cancel/', {client_order_id: 'c-b'})
  t.is(byClientId.status, 200)
  t.like(byClientId.body, {order_id: b.order_id, status: 'cancelled'})

  assertError(t, await signed(node, alice, 'POST', '/orders/cancel/', {order_id: a.order_id}), 409, 'failed_precondition')
  assertError(t, await signed(node, alice, 'POST', '/orders/cancel/', {}), 400, 'invalid_argument')
  assertError(t, await signed(node, alice, 'POST', '/orders/cancel/', {order_id: 'not-a-uuid'}), 400, 'invalid_argument')
  assertError(t, await signed(node, alice, 'POST', '/orders/cancel/', {client_order_id: 'never-placed'}), 404, 'not_found')
  t.deepEqual(node.services.ledger.balance(alice.account.tradingAccountId, 'USDT'), {available: 1_000_000_000n, locked: 0n})
})

test("someone else's order cannot be cancelled (404)", async (t) => {
  const alice = await trader(node, {USDT: '1000'})
  const mallory = await trader(node)
  const placed = (await signed(node, alice, 'POST', '/orders/place/', buy('10000', '0.01'))).body
  assertError(t, await signed(node, mallory, 'POST', '/orders/cancel/', {order_id: placed.order_id}), 404, 'not_found')
  t.is(node.services.trading.store.byId(placed.order_id)!.status, 'open')
})

test('cancel-all cancels every open order of the pair and counts them', async (t) => {
  const alice = await trader(node, {USDT: '10000', ETH: '1'})
  for (const price of ['10000', '10001', '10002']) {
    t.is((await signed(node, alice, 'POST', '/orders/place/', buy(price, '0.01'))).status, 200)
  }
  const eth = await signed(node, alice, 'POST', '/orders/place/', {
    ticker: 'ETH-USDT',
    side: 'sell',
    type: 'limit',
    price: '5000',
    qty: '1',
  })
  t.is(eth.status, 200)
  const response = await signed(node, alice, 'POST', '/orders/cancel-all/', {ticker: 'btc-usdt'})
  t.is(response.status, 200)
  t.deepEqual(response.body, {orders_canceled: 3})
  t.deepEqual((await signed(node, alice, 'POST', '/orders/cancel-all/', {ticker: 'BTC-USDT'})).body, {orders_canceled: 0})
  t.is(node.services.trading.store.byId(eth.body.order_id)!.status, 'open', 'other pairs are untouched')
  assertError(t, await signed(node, alice, 'POST', '/orders/cancel-all/', {ticker: 'NOPE-USDT'}), 404, 'not_found')
  assertError(t, await signed(node, alice, 'POST', '/orders/cancel-all/', {}), 400, 'invalid_argument')
})

test('GET /orders/ filters by ticker and status, pages newest first, and counts the total', async (t) => {
  const alice = await trader(node, {USDT: '10000', ETH: '1'})
  const ids: string[] = []
  for (const price of ['10000', '10001', '10002', '10003']) {
    ids.push((await signed(node, alice, 'POST', '/orders/place/', buy(price, '0.01'))).body.order_id)
  }
  const eth = (
    await signed(node, alice, 'POST', '/orders/place/', {
      ticker: 'ETH-USDT',
      side: 'sell',
      type: 'limit',
      price: '5000',
      qty: '1',
    })
  ).body
  await signed(node, alice, 'POST', '/orders/cancel/', {order_id: ids[0]})

  const all = await bearer(node, alice.token, 'GET', '/orders/')
  t.is(all.status, 200)
  t.is(all.body.total, 5)
  t.deepEqual(
    all.body.orders.map((o: {id: string}) => o.id),
    [eth.order_id, ...[...ids].reverse()],
  )
  t.deepEqual(Object.keys(all.body.orders[0]).sort(), [
    'avg_price',
    'client_order_id',
    'created_at',
    'filled_qty',
    'id',
    'price',
    'qty',
    'quote_qty',
    'self_trade_prevention',
    'seq',
    'side',
    'status',
    'stop_direction',
    'stop_price',
    'ticker',
    'time_in_force',
    'triggered_at',
    'type',
    'updated_at',
  ])

  const btcOpen = await bearer(node, alice.token, 'GET', '/orders/?ticker=BTC-USDT&status=open')
  t.is(btcOpen.body.total, 3)
  t.deepEqual(
    btcOpen.body.orders.map((o: {id: string}) => o.id),
    ids.slice(1).reverse(),
  )
  const cancelled = await signed(node, alice, 'GET', '/orders/?status=cancelled')
  t.deepEqual(
    cancelled.body.orders.map((o: {id: string; status: string}) => [o.id, o.status]),
    [[ids[0], 'cancelled']],
  )
  const page = await bearer(node, alice.token, 'GET', '/orders/?ticker=BTC-USDT&limit=2&offset=1')
  t.is(page.body.total, 4)
  t.deepEqual(
    page.body.orders.map((o: {id: string}) => o.id),
    [ids[2], ids[1]],
  )
  const beyond = await bearer(node, alice.token, 'GET', '/orders/?limit=2&offset=10')
  t.deepEqual(beyond.body, {orders: [], total: 5})
})

test('GET /orders/ refuses a limit over 200, bad paging, an unknown status and an unknown ticker', async (t) => {
  const alice = await trader(node)
  t.is((await bearer(node, alice.token, 'GET', '/orders/?limit=200')).status, 200)
  for (const query of [
    'limit=201',
    'limit=0',
    'limit=abc',
    'limit=-1',
    'offset=-1',
    'offset=1.5',
    'status=done',
    'limit=1&limit=2',
  ]) {
    assertError(t, await bearer(node, alice.token, 'GET', `/orders/?${query}`), 400, 'invalid_argument')
  }
  assertError(t, await bearer(node, alice.token, 'GET', '/orders/?ticker=NOPE-USDT'), 404, 'not_found')
})

test('a restricted account cannot place (403) but can cancel and read', async (t) => {
  const carol = await trader(node, {USDT: '1000'})
  const placed = (await signed(node, carol, 'POST', '/orders/place/', buy('10000', '0.01'))).body
  setStatus(node, carol.account, 'restricted')
  assertError(t, await signed(node, carol, 'POST', '/orders/place/', buy('10000', '0.01')), 403, 'account_restricted')
  const cancel = await signed(node, carol, 'POST', '/orders/cancel/', {order_id: placed.order_id})
  t.is(cancel.status, 200)
  t.is(cancel.body.status, 'cancelled')
  t.is((await signed(node, carol, 'POST', '/orders/cancel-all/', {ticker: 'BTC-USDT'})).status, 200)
  const list = await bearer(node, carol.token, 'GET', '/orders/')
  t.is(list.status, 200)
  t.is(list.body.total, 1)
  t.is((await bearer(node, carol.token, 'GET', '/accounts/me/')).body.status, 'restricted')
})
