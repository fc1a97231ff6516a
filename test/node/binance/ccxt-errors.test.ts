/**
 * Each refusal of the signed Binance form as ccxt raises it (docs/binance-compat.md "Errors"; ccxt reads the exact `msg`
 * first, then the `code`): InsufficientFunds, InvalidOrder for filter failures, OrderNotFound,
 * AuthenticationError for -1022/-2014/-2015, a retryable InvalidNonce for -1021, MarketClosed and
 * PermissionDenied. The 429 of the rate classes is in rate-limit.test.ts.
 */
import test from 'ava'
import ccxt from 'ccxt'
import {CcxtNode} from '../../helpers/binance.js'
import {freshPair, startMarketNode} from '../../helpers/market.js'
import type {TestNode} from '../../helpers/node.js'
import {setStatus, trader} from '../../helpers/rest.js'

let ccxtNode: CcxtNode
let node: TestNode
test.before(async () => {
  ccxtNode = new CcxtNode(await startMarketNode())
  node = ccxtNode.node
})
test.after.always(async () => {
  await ccxtNode?.close()
})

const client = (credentials: {apiKey: string; secret: string}) => ccxtNode.client(credentials)

async function funded(prefix: string, permissions = ['trade', 'read']) {
  const symbol = freshPair(node, prefix)
  const base = symbol.split('-')[0]!
  const who = await trader(node, {[base]: '10', USDT: '100'}, permissions)
  return {symbol, unified: symbol.replace('-', '/'), who, exchange: await client({apiKey: who.apiKey, secret: who.apiSecret})}
}

/** The ccxt class a call is refused with, and its message. */
async function refusal(promise: Promise<unknown>): Promise<{name: string; error: Error}> {
  try {
    await promise
  } catch (error) {
    return {name: (error as Error).constructor.name, error: error as Error}
  }
  throw new Error('expected a refusal')
}

test("InsufficientFunds: -2010 with Binance's exact message; nothing is placed", async (t) => {
  const {unified, exchange} = await funded('EI')
  const {name, error} = await refusal(exchange.createOrder(unified, 'limit', 'buy', 1, 1000))
  t.is(name, 'InsufficientFunds')
  t.true(error instanceof ccxt.InsufficientFunds)
  t.is(error.message, 'binance Account has insufficient balance for requested action.')
  t.deepEqual(await exchange.fetchOpenOrders(unified), [])
})

test('InvalidOrder: the filter failures PRICE_FILTER and LOT_SIZE, and NOTIONAL as ccxt maps -1013', async (t) => {
  const {unified, exchange} = await funded('EF')
  const price = await refusal(exchange.createOrder(unified, 'limit', 'buy', 1, 1, {price: '1.005'}))
  t.true(price.error instanceof ccxt.InvalidOrder, price.name)
  t.regex(price.error.message, /Filter failure: PRICE_FILTER/)
  const lot = await refusal(exchange.createOrder(unified, 'limit', 'buy', 1, 1, {quantity: '0.0001'}))
  t.true(lot.error instanceof ccxt.InvalidOrder, lot.name)
  t.regex(lot.error.message, /Filter failure: LOT_SIZE/)
  // BTC-USDT has a minimum notional of 1 USDT; ccxt 4.5.84 reads -1013 NOTIONAL as BadRequest, as from Binance.
  const notional = await refusal(exchange.createOrder('BTC/USDT', 'limit', 'buy', 0.001, 0.01))
  t.true(notional.error instanceof ccxt.BadRequest, notional.name)
  t.regex(notional.error.message, /-1013.*Filter failure: NOTIONAL/)
})

test('OrderNotFound: a query of an unknown order (-2013), a cancel of an unknown or filled one (-2011)', async (t) => {
  const {unified, exchange} = await funded('EN')
  const query = await refusal(exchange.fetchOrder('999999999', unified))
  t.is(query.name, 'OrderNotFound')
  t.regex(query.error.message, /-2013.*Order does not exist\./)
  const cancel = await refusal(exchange.cancelOrder('999999999', unified))
  t.is(cancel.name, 'OrderNotFound')
  t.regex(cancel.error.message, /-2011.*Unknown order sent\./)
  const order = await exchange.createOrder(unified, 'limit', 'buy', 1, 1)
  await exchange.cancelOrder(order.id!, unified)
  t.is((await refusal(exchange.cancelOrder(order.id!, unified))).name, 'OrderNotFound')
  // Another account's order is as unknown as one that never existed.
  const other = await funded('EO')
  const foreign = await other.exchange.createOrder(other.unified, 'limit', 'buy', 1, 1)
  await exchange.loadMarkets(true)
  t.is((await refusal(exchange.fetchOrder(foreign.id!, other.unified))).name, 'OrderNotFound')
})

test('AuthenticationError: a wrong secret (-1022), a malformed key (-2014), an unknown key or a missing permission (-2015)', async (t) => {
  const {who} = await funded('EA')
  // With ccxt's defaults the first signed request is loadMarkets' (capital/config/getall): refused there.
  const unloaded = (credentials: {apiKey: string; secret: string}) => ccxtNode.unloaded(credentials)
  const wrongSecret = await unloaded({apiKey: who.apiKey, secret: 'f'.repeat(64)})
  const bad = await refusal(wrongSecret.fetchBalance())
  t.true(bad.error instanceof ccxt.AuthenticationError, bad.name)
  t.regex(bad.error.message, /-1022/)
  const malformed = await refusal((await unloaded({apiKey: 'not-a-key', secret: who.apiSecret})).fetchBalance())
  t.true(malformed.error instanceof ccxt.AuthenticationError, malformed.name)
  t.regex(malformed.error.message, /-2014/)
  const unknown = await refusal((await unloaded({apiKey: 'a'.repeat(64), secret: who.apiSecret})).fetchBalance())
  t.true(unknown.error instanceof ccxt.AuthenticationError, unknown.name)
  t.regex(unknown.error.message, /-2015.*Invalid API-key, IP, or permissions for action\./)
  const reader = await funded('ER', ['read'])
  await reader.exchange.fetchBalance()
  const denied = await refusal(
    (await client({apiKey: reader.who.apiKey, secret: reader.who.apiSecret})).createOrder(reader.unified, 'limit', 'buy', 1, 1),
  )
  t.true(denied.error instanceof ccxt.AuthenticationError, denied.name)
  t.regex(denied.error.message, /-2015/)
})

test('InvalidNonce (retryable): a timestamp outside recvWindow is -1021', async (t) => {
  const {exchange} = await funded('ET')
  exchange.options['timeDifference'] = 120_000
  const stale = await refusal(exchange.fetchBalance())
  t.is(stale.name, 'InvalidNonce')
  t.true(stale.error instanceof ccxt.NetworkError, 'ccxt retries network errors')
  t.regex(stale.error.message, /-1021/)
  exchange.options['timeDifference'] = 0
  await t.notThrowsAsync(exchange.fetchBalance())
})

test('MarketClosed for a halted pair; PermissionDenied for a restricted account, which may still cancel', async (t) => {
  const {symbol, unified, who, exchange} = await funded('EM')
  const order = await exchange.createOrder(unified, 'limit', 'buy', 1, 1)
  node.services.tickers.setActive(symbol, false)
  t.is((await refusal(exchange.createOrder(unified, 'limit', 'buy', 1, 1))).name, 'MarketClosed')
  node.services.tickers.setActive(symbol, true)
  setStatus(node, who.account, 'restricted')
  t.is((await refusal(exchange.createOrder(unified, 'limit', 'buy', 1, 1))).name, 'PermissionDenied')
  t.like(await exchange.cancelOrder(order.id!, unified), {status: 'canceled'})
})
