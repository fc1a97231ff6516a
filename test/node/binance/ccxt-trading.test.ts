/**
 * ccxt's own `binance` class, changed by its URLs only (test/helpers/binance.ts), trading on
 * a node over the signed half of docs/binance-compat.md "Signed REST (/api/v3/...)": what it asks
 * when it loads (all of it answered by the node), then two accounts trade against each other with limit,
 * market, IOC, FOK and post-only orders, with and without client ids; they fetch, list, cancel and
 * edit orders (editOrder: docs/binance-compat.md "Replacing an order"), read their trades, balances
 * and fees, and meet their own orders under each self-trade prevention mode; the ledger verifies after.
 * (Stop orders: ccxt-stops.test.ts.)
 */
import test from 'ava'
import {CcxtNode, recordRequests} from '../../helpers/binance.js'
import {trader} from '../../helpers/rest.js'
import {startMarketNode} from '../../helpers/market.js'
import type {TestNode} from '../../helpers/node.js'

let ccxt: CcxtNode
let node: TestNode
test.before(async () => {
  ccxt = new CcxtNode(await startMarketNode())
  node = ccxt.node
})
test.after.always(async () => {
  await ccxt?.close()
})

const market = (prefix: string) => ccxt.pair(prefix, {base: '100', usdt: '10000'})

test('unmodified ccxt, URLs only: loadMarkets, fetchCurrencies, fetchTradingFees, fetchBalance, an order placed and cancelled, all on the node', async (t) => {
  const who = await trader(node, {USDT: '1000'})
  const exchange = await ccxt.unloaded({apiKey: who.apiKey, secret: who.apiSecret})
  const requests = recordRequests(exchange)
  const asked = () => requests.splice(0).map(({method, url}) => `${method} ${url.replace(node.httpUrl, '').replace(/\?.*/, '')}`)
  const markets = await exchange.loadMarkets()
  t.like(markets['BTC/USDT'], {id: 'BTCUSDT', spot: true})
  // ccxt 4.5.84's defaults: the currencies, the spot markets, the margin and futures catalogues.
  t.deepEqual(asked().sort(), [
    'GET /api/v3/exchangeInfo',
    'GET /dapi/v1/exchangeInfo',
    'GET /fapi/v1/exchangeInfo',
    'GET /sapi/v1/capital/config/getall',
    'GET /sapi/v1/margin/allPairs',
    'GET /sapi/v1/margin/allPairs',
    'GET /sapi/v1/margin/isolated/allPairs',
  ])
  t.like(exchange.currencies['USDT'], {id: 'USDT', code: 'USDT', precision: 0.000001})
  const currencies = await exchange.fetchCurrencies()
  t.deepEqual(Object.keys(currencies['ETH']!.networks), ['ETH'])
  t.deepEqual(asked(), ['GET /sapi/v1/capital/config/getall', 'GET /sapi/v1/margin/allPairs'])
  const fees = await exchange.fetchTradingFees()
  t.like(fees['BTC/USDT'], {maker: 0.001, taker: 0.002})
  t.deepEqual(asked(), ['GET /sapi/v1/asset/tradeFee'])
  t.like((await exchange.fetchBalance())['USDT'], {free: 1000, used: 0})
  const order = await exchange.createOrder('BTC/USDT', 'limit', 'buy', 0.01, 100)
  t.like(await exchange.cancelOrder(order.id!, 'BTC/USDT'), {id: order.id, status: 'canceled'})
  t.deepEqual(asked(), ['GET /api/v3/account', 'POST /api/v3/order', 'DELETE /api/v3/order'])
  t.true(node.services.ledger.verify().ok)
})

test('limit against limit, market by quantity and by cost: orders, fills and fees as ccxt parses them', async (t) => {
  const {unified, base, a, b} = await market('TL')
  const ask = await a.createOrder(unified, 'limit', 'sell', 2, 10)
  t.like(ask, {symbol: unified, type: 'limit', side: 'sell', price: 10, amount: 2, filled: 0, remaining: 2, status: 'open'})
  t.regex(ask.clientOrderId!, /^x-/, 'ccxt names every order; the node keeps the name')
  // A crossing limit buy takes 1 at the maker's price.
  const bid = await b.createOrder(unified, 'limit', 'buy', 1, 11)
  t.like(bid, {status: 'closed', filled: 1, remaining: 0, cost: 10, average: 10})
  t.deepEqual(
    bid.trades.map((trade) => [trade.price, trade.amount]),
    [[10, 1]],
  )
  t.like(bid.fee, {currency: base, cost: 0.002})
  // A market buy of 0.5, then one by cost: 2 USDT buys 0.2 at 10.
  const byAmount = await b.createOrder(unified, 'market', 'buy', 0.5)
  t.like(byAmount, {type: 'market', status: 'closed', filled: 0.5, cost: 5})
  const byCost = await b.createMarketBuyOrderWithCost(unified, 2)
  t.like(byCost, {type: 'market', status: 'closed', filled: 0.2, cost: 2, amount: 0.2})
  const after = await a.fetchOrder(ask.id!, unified)
  t.like(after, {id: ask.id, status: 'open', filled: 1.7, remaining: 0.3, cost: 17})
  const sold = await a.fetchMyTrades(unified)
  t.deepEqual(
    sold.map((trade) => [trade.side, trade.takerOrMaker, trade.amount, trade.order]),
    [
      ['sell', 'maker', 1, ask.id],
      ['sell', 'maker', 0.5, ask.id],
      ['sell', 'maker', 0.2, ask.id],
    ],
  )
  t.like(sold[0]!.fee, {currency: 'USDT', cost: 0.01})
  const bought = await b.fetchMyTrades(unified)
  t.deepEqual(
    bought.map((trade) => [trade.side, trade.takerOrMaker, trade.order]),
    [
      ['buy', 'taker', bid.id],
      ['buy', 'taker', byAmount.id],
      ['buy', 'taker', byCost.id],
    ],
  )
  t.true(node.services.ledger.verify().ok)
})

test('IOC, FOK and post-only: expired remainders, a FOK that cannot fill, a maker that would take', async (t) => {
  const {unified, a, b} = await market('TI')
  await a.createOrder(unified, 'limit', 'sell', 1, 20)
  const ioc = await b.createOrder(unified, 'limit', 'buy', 3, 20, {timeInForce: 'IOC'})
  t.like(ioc, {timeInForce: 'IOC', status: 'expired', filled: 1, remaining: 2})
  const fok = await b.createOrder(unified, 'limit', 'buy', 3, 25, {timeInForce: 'FOK'})
  t.like(fok, {timeInForce: 'FOK', status: 'expired', filled: 0})
  await a.createOrder(unified, 'limit', 'sell', 1, 21)
  const post = await b.createOrder(unified, 'limit', 'buy', 1, 19, {postOnly: true})
  t.like(post, {postOnly: true, status: 'open'})
  t.is((post.info as {type: string}).type, 'LIMIT_MAKER')
  // A post-only buy at the ask would take: refused as Binance refuses it (ccxt: OrderImmediatelyFillable).
  const error = await t.throwsAsync(b.createOrder(unified, 'limit', 'buy', 1, 21, {postOnly: true}))
  t.is(error?.constructor.name, 'OrderImmediatelyFillable')
  const open = await b.fetchOpenOrders(unified)
  t.deepEqual(
    open.map((order) => order.id),
    [post.id],
  )
  const all = await b.fetchOrders(unified)
  t.deepEqual(all.map((order) => [order.id, order.status]).slice(0, 3), [
    [ioc.id, 'expired'],
    [fok.id, 'expired'],
    [post.id, 'open'],
  ])
  t.true(node.services.ledger.verify().ok)
})

test('client ids: with and without; fetch and cancel by either; cancelAllOrders; a cancelled order is CANCELED', async (t) => {
  const {unified, a, alice} = await market('TC')
  const named = await a.createOrder(unified, 'limit', 'buy', 1, 5, {clientOrderId: 'my.order_1-a'})
  t.is(named.clientOrderId, 'my.order_1-a')
  t.like(await a.fetchOrder('', unified, {origClientOrderId: 'my.order_1-a'}), {id: named.id, clientOrderId: 'my.order_1-a'})
  // Placed without a client id (over /api/v1): it shows its own id as clientOrderId, and is found by it.
  const v1 = await node.services.trading.place(alice.account.id, {
    ticker: unified.replace('/', '-'),
    side: 'buy',
    type: 'limit',
    price: '4',
    qty: '1',
  })
  const unnamed = await a.fetchOrder(String(v1.order.seq), unified)
  t.is(unnamed.clientOrderId, v1.order.id)
  t.like(await a.fetchOrder('', unified, {origClientOrderId: v1.order.id}), {id: String(v1.order.seq)})
  const cancelled = await a.cancelOrder('', unified, {origClientOrderId: 'my.order_1-a'})
  t.like(cancelled, {id: named.id, status: 'canceled'})
  await a.createOrder(unified, 'limit', 'buy', 1, 3)
  await a.createOrder(unified, 'limit', 'sell', 1, 30)
  const all = await a.cancelAllOrders(unified)
  t.is(all.length, 3)
  t.true(all.every((order) => order.status === 'canceled'))
  t.deepEqual(await a.fetchOpenOrders(unified), [])
  t.like(await a.fetchOrder(String(v1.order.seq), unified), {status: 'canceled', filled: 0})
  t.true(node.services.ledger.verify().ok)
})

test('fetchBalance: the trading balance account, free and used, following the orders', async (t) => {
  const {unified, base, a, b} = await market('TB')
  t.like((await a.fetchBalance())[base], {free: 100, used: 0, total: 100})
  await a.createOrder(unified, 'limit', 'sell', 4, 10)
  t.like((await a.fetchBalance())[base], {free: 96, used: 4, total: 100})
  await b.createOrder(unified, 'limit', 'buy', 4, 10)
  const [aBalance, bBalance] = [await a.fetchBalance(), await b.fetchBalance()]
  t.like(aBalance[base], {free: 96, used: 0, total: 96})
  // 40 USDT received less the maker's 0.1%.
  t.like(aBalance['USDT'], {free: 10039.96, used: 0})
  t.like(bBalance[base], {free: 103.992, used: 0})
  t.like(bBalance['USDT'], {free: 9960, used: 0})
  t.true(node.services.ledger.verify().ok)
})

test('editOrder: a resting limit order moved to a new price and amount in one request; fetchOpenOrders shows only the new one', async (t) => {
  const {unified, base, a} = await market('TE')
  const requests = recordRequests(a)
  const asked = () => requests.splice(0).map(({method, url}) => `${method} ${url.replace(node.httpUrl, '').replace(/\?.*/, '')}`)
  const old = await a.createOrder(unified, 'limit', 'sell', 2, 30)
  asked()
  const edited = await a.editOrder(old.id!, unified, 'limit', 'sell', 3, 31)
  t.deepEqual(asked(), ['POST /api/v3/order/cancelReplace'])
  t.like(edited, {symbol: unified, type: 'limit', side: 'sell', price: 31, amount: 3, filled: 0, status: 'open'})
  t.not(edited.id, old.id)
  t.regex(edited.clientOrderId!, /^x-/, 'ccxt names the new order; the node keeps the name')
  t.deepEqual(
    (await a.fetchOpenOrders(unified)).map((order) => [order.id, order.price, order.amount]),
    [[edited.id, 31, 3]],
  )
  t.like(await a.fetchOrder(old.id!, unified), {status: 'canceled', filled: 0})
  t.like((await a.fetchBalance())[base], {free: 97, used: 3})
  // The old order is gone: ccxt sends STOP_ON_FAILURE, so nothing is placed. ccxt raises -2022 as an
  // ExchangeError here (its table that makes it BadResponse is keyed by Binance's own host name).
  const gone = await t.throwsAsync(a.editOrder(old.id!, unified, 'limit', 'sell', 1, 40))
  t.is(gone?.constructor.name, 'ExchangeError')
  t.regex(gone!.message, /-2022.*Unknown order sent/)
  t.deepEqual(
    (await a.fetchOpenOrders(unified)).map((order) => order.id),
    [edited.id],
  )
  // Not one atomic step: a new order the node refuses (short funds) leaves the old one cancelled (-2021).
  const short = await t.throwsAsync(a.editOrder(edited.id!, unified, 'limit', 'sell', 1000, 31))
  t.is(short?.constructor.name, 'ExchangeError')
  t.regex(short!.message, /-2021.*insufficient balance/)
  t.deepEqual(await a.fetchOpenOrders(unified), [])
  t.like((await a.fetchBalance())[base], {free: 100, used: 0})
  t.true(node.services.ledger.verify().ok)
})

test('self-trade prevention (selfTradePrevention): EXPIRE_MAKER ends the own resting order, EXPIRE_TAKER the incoming one, EXPIRE_BOTH both (EXPIRED_IN_MATCH), NONE trades', async (t) => {
  const {unified, base, a, b} = await market('TS')
  const requests = recordRequests(a)
  const own = await a.createOrder(unified, 'limit', 'sell', 1, 10)
  await b.createOrder(unified, 'limit', 'sell', 1, 10)
  // EXPIRE_MAKER: the own sell ends and the buy fills behind it, from the other account.
  const buy = await a.createOrder(unified, 'limit', 'buy', 1, 10, {selfTradePrevention: 'expire_maker'})
  t.is(requests.at(-1)!.params.get('selfTradePreventionMode'), 'EXPIRE_MAKER')
  t.like(buy, {status: 'closed', filled: 1})
  t.like(buy.info, {selfTradePreventionMode: 'EXPIRE_MAKER'})
  const ended = await a.fetchOrder(own.id!, unified)
  t.like(ended, {status: 'expired', filled: 0})
  t.like(ended.info, {status: 'EXPIRED_IN_MATCH'})
  // EXPIRE_TAKER (the default): the incoming order ends at its own resting order, which stays.
  const resting = await a.createOrder(unified, 'limit', 'sell', 1, 11)
  const taker = await a.createOrder(unified, 'limit', 'buy', 1, 11)
  t.like(taker, {status: 'expired', filled: 0})
  t.like(taker.info, {status: 'EXPIRED_IN_MATCH', selfTradePreventionMode: 'EXPIRE_TAKER'})
  t.like(await a.fetchOrder(resting.id!, unified), {status: 'open'})
  // EXPIRE_BOTH: the incoming order and the own resting one both end.
  const other = await a.createOrder(unified, 'limit', 'buy', 1, 9)
  const both = await a.createOrder(unified, 'limit', 'sell', 1, 9, {selfTradePrevention: 'expire_both'})
  t.like(both.info, {status: 'EXPIRED_IN_MATCH', selfTradePreventionMode: 'EXPIRE_BOTH'})
  t.like((await a.fetchOrder(other.id!, unified)).info, {status: 'EXPIRED_IN_MATCH'})
  // NONE: the account trades with itself, and pays both fees.
  const self = await a.createOrder(unified, 'limit', 'buy', 1, 11, {selfTradePrevention: 'none'})
  t.like(self, {status: 'closed', filled: 1})
  t.like(await a.fetchOrder(resting.id!, unified), {status: 'closed', filled: 1})
  t.like((await a.fetchBalance())[base], {used: 0})
  t.true(node.services.ledger.verify().ok)
})
