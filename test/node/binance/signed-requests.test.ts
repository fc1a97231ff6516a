/**
 * How the Binance form spells a signed request (docs/binance-compat.md "Keys, signing and permissions"), raw as a typed SDK sends it: the key
 * in X-MBX-APIKEY, `signature` over the query string followed directly by the form body as sent,
 * less the trailing `&signature=…`; JSON bodies refused; and each refusal of the one signed-request
 * check as its Binance code.
 */
import test from 'ava'
import {assertBinanceError, freshTimestamp, hmac, signedV3, type Answer} from '../../helpers/binance.js'
import {startMarketNode} from '../../helpers/market.js'
import type {TestNode} from '../../helpers/node.js'
import {setStatus, trader} from '../../helpers/rest.js'

let node: TestNode
test.before(async () => {
  node = await startMarketNode()
})
test.after.always(async () => {
  await node?.close()
})

const INVALID_KEY = 'Invalid API-key, IP, or permissions for action.'

/** A request with its parts exactly as given: the query string and body text, signed as `signedText` says. */
async function raw(method: string, path: string, query: string, body: string, headers: Record<string, string>): Promise<Answer> {
  const response = await fetch(`${node.httpUrl}${path}${query ? `?${query}` : ''}`, {method, headers, body: body || undefined})
  return {status: response.status, body: await response.json(), headers: response.headers}
}

test('the signature covers the query string followed directly by the form body, as sent', async (t) => {
  const who = await trader(node, {USDT: '1000'})
  const form = {'X-MBX-APIKEY': who.apiKey, 'Content-Type': 'application/x-www-form-urlencoded'}
  // Part in the query, part in the body; a percent-encoded value is signed as sent.
  const query = `symbol=BTCUSDT&side=BUY&newClientOrderId=a%2Eb`
  const body = `type=LIMIT&timeInForce=GTC&quantity=0.001&price=1000&timestamp=${freshTimestamp()}`
  const placed = await raw('POST', '/api/v3/order', query, `${body}&signature=${hmac(who.apiSecret, query + body)}`, form)
  t.is(placed.status, 200, JSON.stringify(placed.body))
  t.is(placed.body.clientOrderId, 'a.b')
  // The same parameters signed with an '&' between query and body are another text.
  const other = `type=LIMIT&timeInForce=GTC&quantity=0.001&price=1000&timestamp=${freshTimestamp()}`
  const joined = await raw('POST', '/api/v3/order', query, `${other}&signature=${hmac(who.apiSecret, `${query}&${other}`)}`, form)
  assertBinanceError(t, joined, 400, -1022, 'Signature for this request is not valid.')
  // The signature must be the last parameter.
  const early = `timestamp=${freshTimestamp()}`
  const misplaced = await raw('GET', '/api/v3/account', `signature=${hmac(who.apiSecret, early)}&${early}`, '', form)
  assertBinanceError(t, misplaced, 400, -1022)
})

test('JSON bodies are refused; a parameter sent in both query and body is -1101; one not read -1104', async (t) => {
  const who = await trader(node, {USDT: '1000'})
  const timestamp = String(freshTimestamp())
  const json = JSON.stringify({symbol: 'BTCUSDT', timestamp})
  const refused = await raw('POST', '/api/v3/order', '', json, {'X-MBX-APIKEY': who.apiKey, 'Content-Type': 'application/json'})
  assertBinanceError(t, refused, 400, -1100, /JSON bodies are not/)
  const query = `timestamp=${timestamp}`
  const body = `timestamp=${timestamp}`
  const twice = await raw('POST', '/api/v3/order', query, `${body}&signature=${hmac(who.apiSecret, query + body)}`, {
    'X-MBX-APIKEY': who.apiKey,
    'Content-Type': 'application/x-www-form-urlencoded',
  })
  assertBinanceError(t, twice, 400, -1101)
  assertBinanceError(t, await signedV3(node, who, 'GET', '/api/v3/account', {colour: 'blue'}), 400, -1104, /colour/)
})

test('the key: absent or malformed -2014, unknown -2015; timestamp and signature mandatory (-1102)', async (t) => {
  const who = await trader(node)
  assertBinanceError(
    t,
    await signedV3(node, who, 'GET', '/api/v3/account', {}, {apiKey: ''}),
    401,
    -2014,
    'API-key format invalid.',
  )
  assertBinanceError(t, await signedV3(node, who, 'GET', '/api/v3/account', {}, {apiKey: 'x'.repeat(64)}), 401, -2014)
  assertBinanceError(
    t,
    await signedV3(node, who, 'GET', '/api/v3/account', {}, {apiKey: '0'.repeat(64)}),
    401,
    -2015,
    INVALID_KEY,
  )
  assertBinanceError(t, await signedV3(node, who, 'GET', '/api/v3/account', {}, {noTimestamp: true}), 400, -1102, /'timestamp'/)
  const text = `timestamp=${freshTimestamp()}`
  assertBinanceError(t, await raw('GET', '/api/v3/account', text, '', {'X-MBX-APIKEY': who.apiKey}), 400, -1102, /'signature'/)
})

test('the window and replay are -1021 (ccxt retries it): a replay is told to sign again with a new timestamp', async (t) => {
  const who = await trader(node)
  const stale = await signedV3(node, who, 'GET', '/api/v3/account', {timestamp: Date.now() - 10_000})
  assertBinanceError(t, stale, 400, -1021, /outside the receive window of 5000 ms/)
  const wide = await signedV3(node, who, 'GET', '/api/v3/account', {timestamp: Date.now() - 10_000, recvWindow: 60_000})
  t.is(wide.status, 200)
  assertBinanceError(t, await signedV3(node, who, 'GET', '/api/v3/account', {timestamp: Date.now() + 5000}), 400, -1021)
  const params = {timestamp: freshTimestamp()}
  t.is((await signedV3(node, who, 'GET', '/api/v3/account', params)).status, 200)
  const replay = await signedV3(node, who, 'GET', '/api/v3/account', params)
  assertBinanceError(t, replay, 400, -1021, 'This request was already accepted once; sign it again with a new timestamp.')
  assertBinanceError(t, await signedV3(node, who, 'GET', '/api/v3/account', {recvWindow: 60_001}), 400, -1100)
})

test('the rest of the one check: a bad signature -1022; a missing permission, an IP not allowed, a blocked account -2015', async (t) => {
  const who = await trader(node)
  assertBinanceError(t, await signedV3(node, who, 'GET', '/api/v3/account', {}, {secret: 'wrong'}), 400, -1022)
  const reader = await trader(node, {}, ['read'])
  t.is((await signedV3(node, reader, 'GET', '/api/v3/account')).status, 200)
  const order = {symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '0.001', price: '1000'}
  assertBinanceError(t, await signedV3(node, reader, 'POST', '/api/v3/order', order), 401, -2015, INVALID_KEY)
  const fenced = await trader(node, {}, ['read'], ['10.0.0.0/8'])
  assertBinanceError(t, await signedV3(node, fenced, 'GET', '/api/v3/account'), 401, -2015)
  const blocked = await trader(node)
  setStatus(node, blocked.account, 'blocked')
  assertBinanceError(t, await signedV3(node, blocked, 'GET', '/api/v3/account'), 401, -2015)
  const restricted = await trader(node, {USDT: '1000'})
  setStatus(node, restricted.account, 'restricted')
  assertBinanceError(
    t,
    await signedV3(node, restricted, 'POST', '/api/v3/order', order),
    400,
    -2010,
    'This account may not place or cancel orders.',
  )
  t.is((await signedV3(node, restricted, 'GET', '/api/v3/openOrders')).status, 200)
})

test('GET /api/v3/account: the trading balance account, the tier fees, what the key may do', async (t) => {
  const who = await trader(node, {USDT: '12.5', BTC: '0.1'}, ['read'])
  node.services.operations.topup(
    {balanceAccountId: who.account.fundingAccountId},
    {asset: 'ETH', amount: '3', reason: 'funding only', operator: 'test'},
  )
  const {status, body} = await signedV3(node, who, 'GET', '/api/v3/account')
  t.is(status, 200)
  t.like(body, {
    makerCommission: 10,
    takerCommission: 20,
    commissionRates: {maker: '0.001', taker: '0.002', buyer: '0', seller: '0'},
    canTrade: false,
    accountType: 'SPOT',
    permissions: ['SPOT'],
  })
  t.true(Number.isSafeInteger(body.updateTime))
  const balances = Object.fromEntries(body.balances.map((b: any) => [b.asset, b]))
  t.deepEqual(balances.USDT, {asset: 'USDT', free: '12.5', locked: '0'})
  t.deepEqual(balances.ETH, {asset: 'ETH', free: '0', locked: '0'}, 'funding is not the spot account')
  const nonZero = await signedV3(node, who, 'GET', '/api/v3/account', {omitZeroBalances: 'true'})
  t.deepEqual(
    nonZero.body.balances.map((b: any) => b.asset),
    ['BTC', 'USDT'],
  )
  t.false('code' in body)
})
