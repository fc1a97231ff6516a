/**
 * The Binance-form API takes the public listener's one rate limiter (docs/binance-compat.md "Rate limits"): the public
 * endpoints the unauthenticated class per IP (the bucket /api/v1 market data draws on), the signed
 * ones the standard class per account and, for orders, OrdersRateLimit; the WebSocket API's requests
 * too. Over a class: 429 with Retry-After and `{code: -1003, msg}` (a WebSocket API error frame
 * with status 429).
 */
import test from 'ava'
import ccxt from 'ccxt'
import {DEFAULT_CONFIG} from '../../../src/node/ground/config.js'
import {assertBinanceError, ccxtBinance, signedV3, subscribeParams, v3, wsApi} from '../../helpers/binance.js'
import {startTestNode, type TestNode} from '../../helpers/node.js'
import {trader} from '../../helpers/rest.js'

let node: TestNode
test.before(async () => {
  // Loopback is an internal network: its rate is the one that applies here.
  node = await startTestNode({rateLimits: {...DEFAULT_CONFIG.rateLimits, internal: 1}})
})
test.after.always(async () => {
  await node?.close()
})

test.serial('over the class: 429, Retry-After and -1003; the bucket is the one /api/v1 market data draws on', async (t) => {
  // A burst of one: the /api/v1 request takes the token the /api/v3 one would need.
  t.is((await v3(node, '/api/v1/time/')).status, 200)
  const refused = await v3(node, '/api/v3/ping')
  t.is(refused.status, 429)
  t.deepEqual(Object.keys(refused.body).sort(), ['code', 'msg'])
  t.is(refused.body.code, -1003)
  t.true(Number(refused.headers.get('retry-after')) >= 1)
  t.is(refused.headers.get('x-ratelimit-remaining'), '0')
})

/** Signed GETs of /api/v3/account until one is refused (the account's bucket is then empty); that refusal. */
async function drain(who: {apiKey: string; apiSecret: string}) {
  for (;;) {
    const answers = await Promise.all([0, 1, 2].map(() => signedV3(node, who, 'GET', '/api/v3/account')))
    const refused = answers.find((answer) => answer.status !== 200)
    if (refused) return refused
  }
}

test.serial('signed: the standard class per account; ccxt raises DDoSProtection on the 429', async (t) => {
  const who = await trader(node, {USDT: '10'})
  const refused = await drain(who)
  assertBinanceError(t, refused, 429, -1003)
  t.true(Number(refused.headers.get('retry-after')) >= 1)
  // ccxt's binance turns every 429 into DDoSProtection before it reads the body (so it does against Binance).
  const exchange = await ccxtBinance(node, {apiKey: who.apiKey, secret: who.apiSecret})
  try {
    // Markets taken as loaded: the calls below are the signed ones, not exchangeInfo.
    exchange.markets = {} as never
    const outcomes = await Promise.allSettled([0, 1, 2].map(() => exchange.fetchBalance()))
    const errors = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as Error] : []))
    t.true(errors.length > 0)
    for (const error of errors) t.true(error instanceof ccxt.DDoSProtection, error.constructor.name)
  } finally {
    await exchange.close()
  }
})

test.serial('the WebSocket API draws on the same bucket: an error frame with status 429 and -1003', async (t) => {
  const who = await trader(node, {USDT: '10'})
  const socket = await wsApi(node)
  try {
    await drain(who)
    // ccxt's binance maps -1003 of a WebSocket API frame to RateLimitExceeded (its exceptions table).
    const answer = await socket.request('userDataStream.subscribe.signature', subscribeParams(who))
    t.deepEqual(answer, {id: answer.id, status: 429, error: {code: -1003, msg: answer.error.msg}})
  } finally {
    socket.close()
  }
})

test('OrdersRateLimit: orders beyond the tier rate are 429 -1003, other signed calls go on', async (t) => {
  const orders = await startTestNode({rateLimits: {...DEFAULT_CONFIG.rateLimits, internal: 100_000, ordersPerSecond: 1}})
  try {
    const who = await trader(orders, {USDT: '1000'})
    const order = {symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.001', price: '1000'}
    const answers = await Promise.all([0, 1, 2].map(() => signedV3(orders, who, 'POST', '/api/v3/order', order)))
    t.is(answers.filter((answer) => answer.status === 200).length, 1, JSON.stringify(answers.map((answer) => answer.body)))
    assertBinanceError(
      t,
      answers.find((answer) => answer.status !== 200)!,
      429,
      -1003,
    )
    t.is((await signedV3(orders, who, 'GET', '/api/v3/openOrders', {symbol: 'BTCUSDT'})).status, 200)
  } finally {
    await orders.close()
  }
})
