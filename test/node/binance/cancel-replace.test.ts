/**
 * `POST /api/v3/order/cancelReplace` (docs/binance-compat.md "Replacing an order"), raw: the four
 * outcomes with Binance's codes, statuses and `data`; the new order checked before anything is
 * cancelled; holds moving from the replaced order to the new one; `cancelRestrictions`; the checks of
 * `POST /api/v3/order`.
 */
import test from 'ava'
import {assertBinanceError, signedV3, v3} from '../../helpers/binance.js'
import {freshPair, startMarketNode} from '../../helpers/market.js'
import type {TestNode} from '../../helpers/node.js'
import {setStatus, trader, type Trader} from '../../helpers/rest.js'

let node: TestNode
test.before(async () => {
  node = await startMarketNode()
})
test.after.always(async () => {
  await node?.close()
})

const UNKNOWN = {code: -2011, msg: 'Unknown order sent.'}
const INSUFFICIENT_BALANCE = 'Account has insufficient balance for requested action.'
const DATA_KEYS = ['cancelResponse', 'cancelResult', 'newOrderResponse', 'newOrderResult']

/** A fresh pair with two traders, each with 100 of its base and 10,000 USDT. */
async function market(prefix: string) {
  const symbol = freshPair(node, prefix)
  const base = symbol.split('-')[0]!
  const [maker, taker] = await Promise.all([0, 1].map(() => trader(node, {[base]: '100', USDT: '10000'})))
  return {pair: symbol.replace('-', ''), base, maker: maker!, taker: taker!}
}

const limit = (pair: string, side: string, quantity: string, price: string, extra: Record<string, string | number> = {}) => ({
  symbol: pair,
  side,
  type: 'LIMIT',
  timeInForce: 'GTC',
  quantity,
  price,
  ...extra,
})

const place = (who: Trader, params: Record<string, string | number>) => signedV3(node, who, 'POST', '/api/v3/order', params)
const replace = (who: Pick<Trader, 'apiKey' | 'apiSecret'>, params: Record<string, string | number>) =>
  signedV3(node, who, 'POST', '/api/v3/order/cancelReplace', params)

async function openOrders(who: Trader, pair: string): Promise<[number, string, string][]> {
  const {body} = await signedV3(node, who, 'GET', '/api/v3/openOrders', {symbol: pair})
  return body.map((order: any) => [order.orderId, order.price, order.origQty])
}

async function balance(who: Trader, asset: string): Promise<{free: string; locked: string}> {
  const {body} = await signedV3(node, who, 'GET', '/api/v3/account')
  const {free, locked} = body.balances.find((row: any) => row.asset === asset)
  return {free, locked}
}

test('both done: 200, the cancel answered as DELETE /api/v3/order answers it, the new order in its newOrderRespType; the hold moves', async (t) => {
  const {pair, maker} = await market('RB')
  const old = await place(maker, limit(pair, 'BUY', '2', '10', {newClientOrderId: 'old-1'}))
  t.deepEqual(await balance(maker, 'USDT'), {free: '9980', locked: '20'})
  const answer = await replace(
    maker,
    limit(pair, 'BUY', '3', '11', {
      cancelReplaceMode: 'STOP_ON_FAILURE',
      cancelOrderId: old.body.orderId,
      cancelNewClientOrderId: 'cxl-1',
      newClientOrderId: 'new-1',
      newOrderRespType: 'RESULT',
    }),
  )
  t.is(answer.status, 200, JSON.stringify(answer.body))
  t.deepEqual(Object.keys(answer.body).sort(), DATA_KEYS)
  t.like(answer.body, {cancelResult: 'SUCCESS', newOrderResult: 'SUCCESS'})
  t.like(answer.body.cancelResponse, {
    symbol: pair,
    orderId: old.body.orderId,
    origClientOrderId: 'old-1',
    clientOrderId: 'cxl-1',
    status: 'CANCELED',
    price: '10',
    origQty: '2',
  })
  t.like(answer.body.newOrderResponse, {symbol: pair, clientOrderId: 'new-1', price: '11', origQty: '3', status: 'NEW'})
  // The two halves have exactly the shapes of the answers of DELETE and POST (RESULT) /api/v3/order.
  const other = await place(maker, limit(pair, 'BUY', '1', '1', {newOrderRespType: 'RESULT'}))
  const deleted = await signedV3(node, maker, 'DELETE', '/api/v3/order', {symbol: pair, orderId: other.body.orderId})
  t.deepEqual(Object.keys(answer.body.cancelResponse).sort(), Object.keys(deleted.body).sort())
  t.deepEqual(Object.keys(answer.body.newOrderResponse).sort(), Object.keys(other.body).sort())
  t.deepEqual(await openOrders(maker, pair), [[answer.body.newOrderResponse.orderId, '11', '3']])
  // The replaced order's 20 USDT are free again; the new one holds 33.
  t.deepEqual(await balance(maker, 'USDT'), {free: '9967', locked: '33'})
  // Without newOrderRespType, a LIMIT answers FULL, as POST /api/v3/order does.
  const full = await replace(
    maker,
    limit(pair, 'BUY', '1', '12', {cancelReplaceMode: 'ALLOW_FAILURE', cancelOrigClientOrderId: 'new-1'}),
  )
  t.is(full.status, 200, JSON.stringify(full.body))
  t.deepEqual(full.body.newOrderResponse.fills, [])
  t.regex(full.body.cancelResponse.clientOrderId, /^[A-Za-z0-9]{22}$/, 'a cancel that named none has an id made for it')
  t.deepEqual(await balance(maker, 'USDT'), {free: '9988', locked: '12'})
})

test('STOP_ON_FAILURE and a cancel that fails: 400 -2022, the new order not attempted, nothing placed', async (t) => {
  const {pair, maker, taker} = await market('RS')
  const resting = await place(maker, limit(pair, 'BUY', '1', '5'))
  const expected = {
    code: -2022,
    msg: 'Order cancel-replace failed.',
    data: {cancelResult: 'FAILURE', newOrderResult: 'NOT_ATTEMPTED', cancelResponse: UNKNOWN, newOrderResponse: null},
  }
  const unknown = await replace(
    maker,
    limit(pair, 'BUY', '1', '6', {cancelReplaceMode: 'STOP_ON_FAILURE', cancelOrderId: 99_999_999}),
  )
  t.is(unknown.status, 400)
  t.deepEqual(unknown.body, expected)
  // Another account's order is as unknown.
  const theirs = await replace(
    taker,
    limit(pair, 'BUY', '1', '6', {cancelReplaceMode: 'STOP_ON_FAILURE', cancelOrderId: resting.body.orderId}),
  )
  t.is(theirs.status, 400)
  t.deepEqual(theirs.body, expected)
  // An order that has filled can no longer be cancelled.
  const sold = await place(maker, limit(pair, 'SELL', '1', '20'))
  await place(taker, limit(pair, 'BUY', '1', '20'))
  const filled = await replace(
    maker,
    limit(pair, 'SELL', '1', '21', {cancelReplaceMode: 'STOP_ON_FAILURE', cancelOrderId: sold.body.orderId}),
  )
  t.is(filled.status, 400)
  t.deepEqual(filled.body, expected)
  t.deepEqual(await openOrders(maker, pair), [[resting.body.orderId, '5', '1']])
  t.deepEqual(await openOrders(taker, pair), [])
})

test('ALLOW_FAILURE: an unknown cancel still places the new order (409 -2021); when both fail, 400 -2022 with both errors', async (t) => {
  const {pair, maker} = await market('RA')
  const placed = await replace(
    maker,
    limit(pair, 'BUY', '2', '7', {cancelReplaceMode: 'ALLOW_FAILURE', cancelOrigClientOrderId: 'never-placed'}),
  )
  t.is(placed.status, 409, JSON.stringify(placed.body))
  t.deepEqual(Object.keys(placed.body).sort(), ['code', 'data', 'msg'])
  t.like(placed.body, {code: -2021, msg: 'Order cancel-replace partially failed.'})
  t.deepEqual(Object.keys(placed.body.data).sort(), DATA_KEYS)
  t.like(placed.body.data, {cancelResult: 'FAILURE', newOrderResult: 'SUCCESS', cancelResponse: UNKNOWN})
  t.like(placed.body.data.newOrderResponse, {symbol: pair, price: '7', origQty: '2', status: 'NEW', fills: []})
  t.deepEqual(await openOrders(maker, pair), [[placed.body.data.newOrderResponse.orderId, '7', '2']])
  t.deepEqual(await balance(maker, 'USDT'), {free: '9986', locked: '14'})
  const neither = await replace(
    maker,
    limit(pair, 'BUY', '5000', '7', {cancelReplaceMode: 'ALLOW_FAILURE', cancelOrderId: 99_999_999}),
  )
  t.is(neither.status, 400)
  t.deepEqual(neither.body, {
    code: -2022,
    msg: 'Order cancel-replace failed.',
    data: {
      cancelResult: 'FAILURE',
      newOrderResult: 'FAILURE',
      cancelResponse: UNKNOWN,
      newOrderResponse: {code: -2010, msg: INSUFFICIENT_BALANCE},
    },
  })
  t.is((await openOrders(maker, pair)).length, 1)
})

test('cancelled but the new order refused: 409 -2021 with the cancel answer and the refusal; the old hold released', async (t) => {
  const {pair, base, maker, taker} = await market('RF')
  const refused = async (order: Record<string, string>, newOrderResponse: {code: number; msg: string}) => {
    const old = await place(maker, limit(pair, 'BUY', '1', '10'))
    const answer = await replace(maker, {...order, cancelReplaceMode: 'STOP_ON_FAILURE', cancelOrderId: old.body.orderId})
    t.is(answer.status, 409, JSON.stringify(answer.body))
    t.deepEqual(Object.keys(answer.body).sort(), ['code', 'data', 'msg'])
    t.like(answer.body, {code: -2021, msg: 'Order cancel-replace partially failed.'})
    t.like(answer.body.data, {cancelResult: 'SUCCESS', newOrderResult: 'FAILURE', newOrderResponse})
    t.deepEqual(Object.keys(answer.body.data.newOrderResponse).sort(), ['code', 'msg'])
    t.like(answer.body.data.cancelResponse, {orderId: old.body.orderId, status: 'CANCELED', executedQty: '0'})
    t.deepEqual(await openOrders(maker, pair), [])
    t.deepEqual(await balance(maker, 'USDT'), {free: '10000', locked: '0'})
  }
  // Short funds: 5,000 at 10 is 50,000 USDT.
  await refused(limit(pair, 'BUY', '5000', '10'), {code: -2010, msg: INSUFFICIENT_BALANCE})
  // Off the price grid (tick 0.01).
  await refused(limit(pair, 'BUY', '1', '10.001'), {code: -1013, msg: 'Filter failure: PRICE_FILTER'})
  // A LIMIT_MAKER that would take.
  await place(taker, limit(pair, 'SELL', '1', '12'))
  await refused(
    {symbol: pair, side: 'BUY', type: 'LIMIT_MAKER', quantity: '1', price: '12'},
    {code: -2010, msg: 'Order would immediately match and take.'},
  )
  t.deepEqual(await balance(maker, base), {free: '100', locked: '0'})
})

test('the new order is read first: a malformed one, or a bad cancel parameter, is a plain error and nothing is cancelled', async (t) => {
  const {pair, maker} = await market('RV')
  const old = await place(maker, limit(pair, 'BUY', '1', '10', {newClientOrderId: 'keep-1'}))
  const cancel = {cancelReplaceMode: 'STOP_ON_FAILURE', cancelOrderId: old.body.orderId}
  const refused = async (params: Record<string, string | number>, code: number, msg?: string | RegExp) =>
    assertBinanceError(t, await replace(maker, params), 400, code, msg)
  await refused({symbol: pair, side: 'BUY', type: 'LIMIT', quantity: '1', price: '11', ...cancel}, -1102, /timeInForce/)
  await refused({...limit(pair, 'BUY', '1e0', '11'), ...cancel}, -1100, /quantity/)
  await refused({...limit(pair, 'BUY', '1', '11'), ...cancel, type: 'OCO'}, -1116)
  await refused({...limit(pair, 'BUY', '1', '11'), ...cancel, symbol: 'NOSUCHPAIR'}, -1121)
  await refused({...limit(pair, 'BUY', '1', '11'), cancelOrderId: old.body.orderId}, -1102, /cancelReplaceMode/)
  await refused({...limit(pair, 'BUY', '1', '11'), ...cancel, cancelReplaceMode: 'SOMETIMES'}, -1100, /cancelReplaceMode/)
  await refused(
    {...limit(pair, 'BUY', '1', '11'), cancelReplaceMode: 'STOP_ON_FAILURE'},
    -1102,
    "Param 'cancelOrigClientOrderId' or 'cancelOrderId' must be sent, but both were empty/null!",
  )
  await refused({...limit(pair, 'BUY', '1', '11'), ...cancel, cancelNewClientOrderId: 'x'.repeat(37)}, -1100)
  await refused({...limit(pair, 'BUY', '1', '11'), ...cancel, cancelRestrictions: 'ONLY_OLD'}, -1145)
  await refused({...limit(pair, 'BUY', '1', '11'), ...cancel, cancelRestrictions: 'toString'}, -1145)
  await refused({...limit(pair, 'BUY', '1', '11'), ...cancel, orderId: old.body.orderId}, -1104, /orderId/)
  // The node answers a client order id sent again with its first order, so the new one cannot take the old one's.
  await refused({...limit(pair, 'BUY', '1', '11'), ...cancel, newClientOrderId: 'keep-1'}, -2010, 'Duplicate order sent.')
  t.deepEqual(await openOrders(maker, pair), [[old.body.orderId, '10', '1']])
  t.deepEqual(await balance(maker, 'USDT'), {free: '9990', locked: '10'})
})

test('cancelRestrictions: the cancel fails with -2011 when the order is not in the named status', async (t) => {
  const {pair, maker, taker} = await market('RR')
  const old = await place(maker, limit(pair, 'SELL', '2', '10'))
  const replaceWith = (cancelRestrictions: string, price: string, orderId = old.body.orderId) =>
    replace(
      maker,
      limit(pair, 'SELL', '1', price, {cancelReplaceMode: 'STOP_ON_FAILURE', cancelOrderId: orderId, cancelRestrictions}),
    )
  const notPartial = await replaceWith('ONLY_PARTIALLY_FILLED', '11')
  t.is(notPartial.status, 400)
  t.like(notPartial.body, {
    code: -2022,
    data: {
      cancelResult: 'FAILURE',
      newOrderResult: 'NOT_ATTEMPTED',
      cancelResponse: {code: -2011, msg: 'Order was not canceled due to cancel restrictions.'},
    },
  })
  await place(taker, limit(pair, 'BUY', '0.5', '10'))
  const notNew = await replaceWith('ONLY_NEW', '11')
  t.like(notNew.body, {code: -2022, data: {cancelResponse: {code: -2011}}})
  t.deepEqual(await openOrders(maker, pair), [[old.body.orderId, '10', '2']])
  const partial = await replaceWith('ONLY_PARTIALLY_FILLED', '12')
  t.is(partial.status, 200, JSON.stringify(partial.body))
  t.like(partial.body.cancelResponse, {status: 'CANCELED', executedQty: '0.5'})
  const fresh = partial.body.newOrderResponse.orderId
  t.deepEqual(await openOrders(maker, pair), [[fresh, '12', '1']])
  t.is((await replaceWith('ONLY_NEW', '13', fresh)).status, 200)
})

test('the checks of POST /api/v3/order: a key without trade -2015, a restricted account -2010; exchangeInfo says it is allowed', async (t) => {
  const {pair, maker} = await market('RK')
  const old = await place(maker, limit(pair, 'BUY', '1', '10'))
  const params = limit(pair, 'BUY', '1', '11', {cancelReplaceMode: 'STOP_ON_FAILURE', cancelOrderId: old.body.orderId})
  const reader = node.services.apiKeys.create(maker.account.id, ['read'], 'read only')
  assertBinanceError(t, await replace(reader, params), 401, -2015)
  setStatus(node, maker.account, 'restricted')
  assertBinanceError(t, await replace(maker, params), 400, -2010, 'This account may not place or cancel orders.')
  setStatus(node, maker.account, 'active')
  t.deepEqual(await openOrders(maker, pair), [[old.body.orderId, '10', '1']])
  const info = await v3(node, `/api/v3/exchangeInfo?symbol=${pair}`)
  t.true(info.body.symbols[0].cancelReplaceAllowed)
})
