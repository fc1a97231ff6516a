/**
 * GET /api/v1/openapi.json describes every endpoint of the spec's public REST table, and live
 * answers of the node match it: each response body is validated with ajv (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1) against the schema documented for its path, method and status. The user
 * gateway's operations (/auth/..., /api-keys/) are called and checked in openapi-gateway.test.ts.
 *
 * The authenticated endpoints (src/node/rest/) may not be mounted yet: when a route answers
 * 404 `not_found` "no route for ...", its check is skipped with a log line instead of failing.
 */
import {createHmac} from 'node:crypto'
import test, {type ExecutionContext} from 'ava'
import {Ajv2020} from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import type {ValidateFunction} from 'ajv'
import {openApiDocument} from '../../../src/node/listeners/openapi.js'
import type {TestNode} from '../../helpers/node.js'
import {freshPair, insertTrades, realTrade, startMarketNode, trader} from '../../helpers/market.js'

// ajv-formats is CommonJS: its default export is the plugin itself at run time.
const addFormats = ((addFormatsModule as unknown as {default?: unknown}).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
) => void

type Doc = {paths: Record<string, Record<string, {responses: Record<string, any>; parameters?: any[]}>>; [key: string]: any}

let node: TestNode
let doc: Doc
const ajv = new Ajv2020({strict: false, allErrors: true})
addFormats(ajv)
const validators = new Map<string, ValidateFunction>()

test.before(async () => {
  node = await startMarketNode()
  const response = await fetch(`${node.httpUrl}/api/v1/openapi.json`)
  if (response.status !== 200) throw new Error(`openapi.json answered ${response.status}`)
  doc = (await response.json()) as Doc
  ajv.addSchema(doc as object, 'openapi')
})
test.after.always(async () => {
  await node?.close()
})

/** Follows a local `$ref` ("#/components/...") inside the document. */
function resolve(value: any): any {
  if (!value || typeof value !== 'object' || typeof value.$ref !== 'string') return value
  const pointer = (value.$ref as string).replace(/^#\//, '').split('/')
  let target: any = doc
  for (const part of pointer) target = target?.[part.replace(/~1/g, '/').replace(/~0/g, '~')]
  if (target === undefined) throw new Error(`unresolvable $ref ${value.$ref}`)
  return resolve(target)
}

/** The validator of the JSON body documented for (method, path, status), or undefined when the status is not documented. */
function validatorFor(method: string, path: string, status: number): ValidateFunction | undefined {
  const operation = doc.paths[path]?.[method]
  if (!operation) throw new Error(`${method.toUpperCase()} ${path} is not in the document`)
  const response = resolve(operation.responses[String(status)])
  if (!response) return undefined
  const schema = response.content?.['application/json']?.schema
  if (!schema?.$ref) throw new Error(`${method} ${path} ${status}: no JSON schema reference`)
  const key = `openapi${schema.$ref}`
  let validate = validators.get(key)
  if (!validate) {
    validate = ajv.compile({$ref: key})
    validators.set(key, validate)
  }
  return validate
}

type Answer = {status: number; body: any; headers: Headers}

/** Asserts the status is documented for the operation and the body matches its schema. */
function conforms(t: ExecutionContext, method: string, path: string, answer: Answer, expectedStatus?: number): void {
  const label = `${method.toUpperCase()} ${path} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`
  if (expectedStatus !== undefined) t.is(answer.status, expectedStatus, label)
  const validate = validatorFor(method, path, answer.status)
  if (!validate) {
    t.fail(`${label}: status not documented`)
    return
  }
  const valid = validate(answer.body)
  t.true(valid, `${label}: ${ajv.errorsText(validate.errors)}`)
}

async function call(path: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(`${node.httpUrl}/api/v1${path}`, init)
  const text = await response.text()
  return {status: response.status, body: text === '' ? undefined : JSON.parse(text), headers: response.headers}
}

const routeMissing = (answer: Answer) =>
  answer.status === 404 && answer.body?.error?.code === 'not_found' && /^no route/.test(answer.body.error.message)

// ---------------------------------------------------------------------------------------------
// The document itself.

const SPEC_TABLE: [string, string][] = [
  ['get', '/accounts/me/'],
  ['post', '/orders/place/'],
  ['post', '/orders/cancel/'],
  ['post', '/orders/cancel-all/'],
  ['get', '/orders/'],
  ['get', '/trades/'],
  ['post', '/balances/transfer/'],
  ['get', '/balances/'],
  ['get', '/exchange/tickers/'],
  ['get', '/exchange/assets/'],
  ['get', '/exchange/orderbook/'],
  ['get', '/exchange/trades/'],
  ['get', '/exchange/klines/'],
]

test('the served document is the OpenAPI 3.1 document of the source, with every endpoint of the spec', (t) => {
  t.deepEqual(doc, JSON.parse(JSON.stringify(openApiDocument)))
  t.is(doc['openapi'], '3.1.0')
  t.deepEqual(doc['servers'], [{url: '/api/v1'}])
  for (const [method, path] of SPEC_TABLE) {
    const operation = doc.paths[path]?.[method]
    t.truthy(operation, `${method} ${path}`)
    if (!operation) continue
    t.truthy(validatorFor(method, path, 200), `${method} ${path} documents 200`)
    for (const status of [400, 429, 500]) t.truthy(operation.responses[String(status)], `${method} ${path} documents ${status}`)
  }
  const authenticated = SPEC_TABLE.filter(([, path]) => !path.startsWith('/exchange/'))
  for (const [method, path] of authenticated) {
    const operation = doc.paths[path]![method] as any
    t.truthy(operation.responses['401'], `${method} ${path} documents 401`)
    t.truthy(operation.responses['403'], `${method} ${path} documents 403`)
    t.true(
      (operation.security as object[]).some((s) => 'apiKey' in s),
      `${method} ${path} accepts a signed API key`,
    )
    const headers = (operation.parameters as any[]).map(resolve).map((p) => p.name)
    for (const name of ['X-Signature', 'X-Timestamp', 'X-Recv-Window'])
      t.true(headers.includes(name), `${method} ${path} ${name}`)
  }
  // Every authenticated endpoint takes a session, in either spelling: the web app's cookie too (docs/rest.md
  // "Browsers: cookies, CSRF and CORS").
  for (const [method, path] of authenticated) {
    const security = (doc.paths[path]![method] as any).security as object[]
    t.true(
      security.some((s) => 'bearerAuth' in s),
      `${method} ${path} accepts a JWT`,
    )
    t.true(
      security.some((s) => 'sessionCookie' in s),
      `${method} ${path} accepts the session cookie`,
    )
  }
  t.like(doc['components'].securitySchemes.sessionCookie, {type: 'apiKey', in: 'cookie', name: 'exchange_session'})
  t.truthy(resolve({$ref: '#/components/responses/Error409'}))
  t.truthy(resolve({$ref: '#/components/responses/Error429'}).headers['Retry-After'])
})

/**
 * Operations without a rate class (docs/account-flows.md "Endpoints"): their answers carry no rate-limit
 * headers and the document names none; openapi-gateway.test.ts checks both on live answers.
 */
const WITHOUT_RATE_CLASS = ['post /auth/sign-out/']

test('every documented 2xx answer names the rate-limit headers, and the served document carries them', async (t) => {
  const lacking: string[] = []
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (WITHOUT_RATE_CLASS.includes(`${method} ${path}`)) continue
      for (const [status, response] of Object.entries(operation.responses)) {
        const headers = resolve(response)?.headers ?? {}
        if (!status.startsWith('2')) continue
        for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining'])
          if (!resolve(headers[name])) lacking.push(`${method} ${path} ${status} ${name}`)
      }
    }
  }
  t.deepEqual(lacking, [])
  const served = await call('/openapi.json')
  t.truthy(served.headers.get('X-RateLimit-Limit'))
  t.truthy(served.headers.get('X-RateLimit-Remaining'))
})

test('every $ref resolves and every money field is a string with a decimal pattern', (t) => {
  const walk = (value: any, at: string): void => {
    if (Array.isArray(value)) return value.forEach((item, i) => walk(item, `${at}/${i}`))
    if (!value || typeof value !== 'object') return
    if (typeof value.$ref === 'string') t.notThrows(() => resolve(value), `${at}: ${value.$ref}`)
    for (const [key, child] of Object.entries(value)) walk(child, `${at}/${key}`)
  }
  walk(doc, '#')
  const money = [
    'price',
    'qty',
    'filled_qty',
    'available',
    'locked',
    'amount',
    'fee',
    'last_price',
    'price_change_24h',
    'volume_24h',
  ]
  const schemas = doc['components'].schemas as Record<string, any>
  let checked = 0
  for (const [name, schema] of Object.entries(schemas)) {
    for (const [field, property] of Object.entries((schema.properties ?? {}) as Record<string, any>)) {
      if (!money.includes(field)) continue
      const target = resolve(property)
      t.is(target.type, 'string', `${name}.${field}`)
      t.is(typeof target.pattern, 'string', `${name}.${field}`)
      checked++
    }
  }
  t.true(checked >= 15)
  const decimal = new RegExp(schemas['Decimal'].pattern)
  for (const good of ['0', '1', '0.5', '100', '27000.01']) t.regex(good, decimal)
  for (const bad of ['1.50', '1e5', '-1', '01', '.5', '1.', '']) t.notRegex(bad, decimal)
  const signed = new RegExp(schemas['SignedDecimal'].pattern)
  for (const good of ['0', '-12.5', '-0.01', '3']) t.regex(good, signed)
  for (const bad of ['-0', '+1', '-1.0']) t.notRegex(bad, signed)
})

// ---------------------------------------------------------------------------------------------
// Market data: live answers against the document.

test('market endpoints: tickers, assets, order book, trades and klines match their schemas', async (t) => {
  const symbol = freshPair(node, 'OA')
  const now = Date.now()
  // Some history written straight into the trades table (gaps for the klines), then live trades and a live book.
  insertTrades(node, symbol, [
    {price: '130', qty: '1', at: now - 3 * 3_600_000},
    {price: '125.5', qty: '0.5', at: now - 3_600_000},
  ])
  await realTrade(node, symbol, '120', '0.25')
  await realTrade(node, symbol, '119.99', '0.001', 'sell')
  const maker = await trader(node, {[symbol.split('-')[0]!]: '10', USDT: '10000'})
  await node.services.trading.place(maker.id, {ticker: symbol, side: 'buy', type: 'limit', price: '100', qty: '1'})
  await node.services.trading.place(maker.id, {ticker: symbol, side: 'sell', type: 'limit', price: '140', qty: '2'})

  const tickers = await call('/exchange/tickers/')
  conforms(t, 'get', '/exchange/tickers/', tickers, 200)
  t.like(
    tickers.body.tickers.find((ticker: {symbol: string}) => ticker.symbol === symbol),
    {last_price: '119.99', price_change_24h: '-10.01'},
  )
  conforms(t, 'get', '/exchange/assets/', await call('/exchange/assets/'), 200)
  const book = await call(`/exchange/orderbook/?ticker=${symbol}`)
  conforms(t, 'get', '/exchange/orderbook/', book, 200)
  t.deepEqual([book.body.bids, book.body.asks], [[['100', '1']], [['140', '2']]])
  const trades = await call(`/exchange/trades/?ticker=${symbol}`)
  conforms(t, 'get', '/exchange/trades/', trades, 200)
  t.is(trades.body.trades.length, 4)
  for (const interval of ['1m', '1h', '1d']) {
    const klines = await call(`/exchange/klines/?ticker=${symbol}&interval=${interval}`)
    conforms(t, 'get', '/exchange/klines/', klines, 200)
    t.true(klines.body.klines.length >= 1)
  }
  t.true((await call(`/exchange/klines/?ticker=${symbol}&interval=1m`)).body.klines.length > 100)
})

test('market error bodies match the Error schema and their documented statuses', async (t) => {
  conforms(t, 'get', '/exchange/orderbook/', await call('/exchange/orderbook/'), 400)
  conforms(t, 'get', '/exchange/orderbook/', await call('/exchange/orderbook/?ticker=NOPE-USDT'), 404)
  conforms(t, 'get', '/exchange/orderbook/', await call('/exchange/orderbook/?ticker=BTC-USDT&limit=500'), 400)
  conforms(t, 'get', '/exchange/trades/', await call('/exchange/trades/?ticker=NOPE-USDT'), 404)
  conforms(t, 'get', '/exchange/trades/', await call('/exchange/trades/?ticker=BTC-USDT&limit=101'), 400)
  conforms(t, 'get', '/exchange/klines/', await call('/exchange/klines/?ticker=BTC-USDT&interval=7m'), 400)
  conforms(t, 'get', '/exchange/klines/', await call('/exchange/klines/?ticker=NOPE-USDT&interval=1m'), 404)
  // A path that does not exist answers the same error body.
  const missing = await call('/exchange/nothing-here/')
  t.is(missing.status, 404)
  t.true(ajv.validate({$ref: 'openapi#/components/schemas/Error'}, missing.body), ajv.errorsText(ajv.errors))
})

// ---------------------------------------------------------------------------------------------
// Authenticated endpoints (built in src/node/rest/): checked when mounted.

type Key = {apiKey: string; apiSecret: string}

/** A signed request (docs/rest.md "Signed requests"): X-Signature = hex HMAC-SHA256(secret, timestamp + METHOD + path?query + body). */
function signed(
  key: Key,
  method: 'GET' | 'POST',
  target: string,
  body?: object,
  options: {secret?: string} = {},
): Promise<Answer> {
  const raw = body === undefined ? '' : JSON.stringify(body)
  const timestamp = String(Date.now())
  const signature = createHmac('sha256', Buffer.from(options.secret ?? key.apiSecret, 'utf8'))
    .update(timestamp + method + `/api/v1${target}` + raw, 'utf8')
    .digest('hex')
  return call(target, {
    method,
    headers: {
      'X-API-Key': key.apiKey,
      'X-Timestamp': timestamp,
      'X-Signature': signature,
      'X-Recv-Window': '5000',
      ...(raw ? {'Content-Type': 'application/json'} : {}),
    },
    ...(raw ? {body: raw} : {}),
  })
}

const withJwt = (token: string, method: 'GET' | 'POST', target: string, body?: object): Promise<Answer> =>
  call(target, {
    method,
    headers: {Authorization: `Bearer ${token}`, ...(body ? {'Content-Type': 'application/json'} : {})},
    ...(body ? {body: JSON.stringify(body)} : {}),
  })

/** Checks `answer` against the document; a documented route that is not mounted fails the test. */
function checkMounted(t: ExecutionContext, method: string, path: string, answer: Answer, expectedStatus?: number): boolean {
  if (routeMissing(answer)) {
    t.fail(`${method.toUpperCase()} ${path} is documented but not mounted (${answer.body.error.message})`)
    return false
  }
  conforms(t, method, path, answer, expectedStatus)
  return true
}

async function user() {
  const account = await trader(node, {USDT: '100000', BTC: '2'})
  node.services.operations.topup(
    {balanceAccountId: account.fundingAccountId},
    {asset: 'USDT', amount: '500', reason: 'test', operator: 'test'},
  )
  const key = node.services.apiKeys.create(account.id, ['trade', 'read'], 'x')
  const {token} = await node.services.tokens.issue(account.id, 'user')
  return {account, key, token}
}

test('GET /accounts/me/ (JWT and signed API key) and its 401', async (t) => {
  const {key, token} = await user()
  checkMounted(t, 'get', '/accounts/me/', await withJwt(token, 'GET', '/accounts/me/'), 200)
  checkMounted(t, 'get', '/accounts/me/', await signed(key, 'GET', '/accounts/me/'), 200)
  checkMounted(t, 'get', '/accounts/me/', await call('/accounts/me/'), 401)
  checkMounted(t, 'get', '/accounts/me/', await withJwt('not-a-token', 'GET', '/accounts/me/'), 401)
})

test('orders: place, list, cancel (and cancel again), cancel-all; signature errors', async (t) => {
  const {key, token} = await user()
  const place = await signed(key, 'POST', '/orders/place/', {
    ticker: 'BTC-USDT',
    side: 'buy',
    type: 'limit',
    price: '1000',
    qty: '0.01',
    client_order_id: 'openapi-1',
  })
  if (!checkMounted(t, 'post', '/orders/place/', place, 200)) return
  t.is(place.body.client_order_id, 'openapi-1')
  t.like(
    await signed(key, 'POST', '/orders/place/', {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '1000', qty: '0.01'}),
    {
      status: 200,
    },
  )

  checkMounted(t, 'get', '/orders/', await withJwt(token, 'GET', '/orders/?ticker=BTC-USDT&status=open&limit=10'), 200)
  checkMounted(t, 'get', '/orders/', await signed(key, 'GET', '/orders/?limit=1&offset=1'), 200)
  checkMounted(t, 'get', '/orders/', await withJwt(token, 'GET', '/orders/?limit=1000'), undefined)

  const cancel = await signed(key, 'POST', '/orders/cancel/', {order_id: place.body.order_id})
  checkMounted(t, 'post', '/orders/cancel/', cancel, 200)
  // Cancelling it again is refused with a documented status and the error body.
  const again = await signed(key, 'POST', '/orders/cancel/', {order_id: place.body.order_id})
  t.true(again.status >= 400)
  checkMounted(t, 'post', '/orders/cancel/', again)
  checkMounted(t, 'post', '/orders/cancel/', await signed(key, 'POST', '/orders/cancel/', {}), 400)

  checkMounted(t, 'post', '/orders/cancel-all/', await signed(key, 'POST', '/orders/cancel-all/', {ticker: 'BTC-USDT'}), 200)

  // Wrong secret → 403 invalid_signature; unknown key → 401; numbers for money → 400.
  const forged = await signed(key, 'POST', '/orders/cancel-all/', {ticker: 'BTC-USDT'}, {secret: 'wrong'})
  checkMounted(t, 'post', '/orders/cancel-all/', forged, 403)
  const unknown = await signed({apiKey: 'nope', apiSecret: 'nope'}, 'POST', '/orders/cancel-all/', {ticker: 'BTC-USDT'})
  checkMounted(t, 'post', '/orders/cancel-all/', unknown, 401)
  const numeric = await signed(key, 'POST', '/orders/place/', {
    ticker: 'BTC-USDT',
    side: 'buy',
    type: 'limit',
    price: 1000,
    qty: '0.01',
  })
  checkMounted(t, 'post', '/orders/place/', numeric, 400)
})

test('GET /trades/ after a trade of the account', async (t) => {
  const {account, token, key} = await user()
  const seller = await trader(node, {BTC: '1'})
  await node.services.trading.place(seller.id, {ticker: 'BTC-USDT', side: 'sell', type: 'limit', price: '30000', qty: '0.1'})
  await node.services.trading.place(account.id, {ticker: 'BTC-USDT', side: 'buy', type: 'limit', price: '30000', qty: '0.1'})
  const answer = await withJwt(token, 'GET', '/trades/?ticker=BTC-USDT&limit=5')
  if (!checkMounted(t, 'get', '/trades/', answer, 200)) return
  t.true(answer.body.trades.length >= 1)
  checkMounted(t, 'get', '/trades/', await signed(key, 'GET', '/trades/?from=2026-01-01T00:00:00.000Z'), 200)
  checkMounted(t, 'get', '/trades/', await withJwt(token, 'GET', '/trades/?from=not-a-date'), 400)
})

test('balances: list, transfer funding → trading, errors', async (t) => {
  const {account, token, key} = await user()
  const list = await withJwt(token, 'GET', '/balances/')
  if (!checkMounted(t, 'get', '/balances/', list, 200)) return
  checkMounted(t, 'get', '/balances/', await signed(key, 'GET', `/balances/?balance_account_id=${account.tradingAccountId}`), 200)
  checkMounted(t, 'get', '/balances/', await call('/balances/'), 401)
  const transfer = {
    from_balance_account_id: account.fundingAccountId,
    to_balance_account_id: account.tradingAccountId,
    asset: 'USDT',
    amount: '12.5',
  }
  checkMounted(t, 'post', '/balances/transfer/', await withJwt(token, 'POST', '/balances/transfer/', transfer), 200)
  checkMounted(
    t,
    'post',
    '/balances/transfer/',
    await withJwt(token, 'POST', '/balances/transfer/', {...transfer, amount: 12.5}),
    400,
  )
})

test('sub-accounts: create (JWT and key), list, transfer master → sub, errors', async (t) => {
  const {account, token, key} = await user()
  const email = `sub-${crypto.randomUUID()}@example.com`
  const created = await withJwt(token, 'POST', '/accounts/sub-accounts/', {email})
  if (!checkMounted(t, 'post', '/accounts/sub-accounts/', created, 200)) return
  conforms(t, 'post', '/accounts/sub-accounts/', await signed(key, 'POST', '/accounts/sub-accounts/', {email: `k-${email}`}), 200)
  conforms(t, 'post', '/accounts/sub-accounts/', await withJwt(token, 'POST', '/accounts/sub-accounts/', {email}), 409)
  conforms(t, 'post', '/accounts/sub-accounts/', await withJwt(token, 'POST', '/accounts/sub-accounts/', {email: 'x'}), 400)
  conforms(t, 'post', '/accounts/sub-accounts/', await call('/accounts/sub-accounts/', {method: 'POST'}), 401)
  conforms(t, 'get', '/accounts/sub-accounts/', await withJwt(token, 'GET', '/accounts/sub-accounts/'), 200)
  conforms(t, 'get', '/accounts/sub-accounts/', await signed(key, 'GET', '/accounts/sub-accounts/'), 200)
  const transfer = {
    from_balance_account_id: account.fundingAccountId,
    to_balance_account_id: created.body.funding_account_id,
    asset: 'USDT',
    amount: '1',
  }
  conforms(t, 'post', '/balances/transfer/', await withJwt(token, 'POST', '/balances/transfer/', transfer), 200)
  const stranger = await user()
  const foreign = {...transfer, to_balance_account_id: stranger.account.fundingAccountId}
  conforms(t, 'post', '/balances/transfer/', await withJwt(token, 'POST', '/balances/transfer/', foreign), 404)
})

test('deposits and withdrawals (no chain connected): address, lists, chain_unavailable, unknown id', async (t) => {
  const {account, token, key} = await user()
  conforms(t, 'get', '/deposits/address/', await withJwt(token, 'GET', '/deposits/address/?asset=BTC'), 200)
  conforms(t, 'get', '/deposits/address/', await signed(key, 'GET', '/deposits/address/?asset=USDT&network=tron'), 200)
  conforms(t, 'get', '/deposits/address/', await withJwt(token, 'GET', '/deposits/address/?asset=USDT'), 400)
  conforms(t, 'get', '/deposits/', await withJwt(token, 'GET', '/deposits/?limit=10'), 200)
  conforms(t, 'get', '/deposits/', await call('/deposits/'), 401)
  const withdrawal = {asset: 'BTC', amount: '0.01', to_address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu'}
  const unavailable = await withJwt(token, 'POST', '/withdrawals/', withdrawal)
  conforms(t, 'post', '/withdrawals/', unavailable, 409)
  t.is(unavailable.body.error.code, 'chain_unavailable')
  conforms(t, 'post', '/withdrawals/', await signed(key, 'POST', '/withdrawals/', withdrawal), 403)
  conforms(t, 'get', '/withdrawals/', await signed(key, 'GET', '/withdrawals/'), 200)
  conforms(t, 'get', '/withdrawals/{id}/', await withJwt(token, 'GET', `/withdrawals/${account.id}/`), 404)
})

test('trading rules, server time, one order by id and by client order id, and a place answer with fills match their schemas', async (t) => {
  conforms(t, 'get', '/exchange/info/', await call('/exchange/info/'), 200)
  conforms(t, 'get', '/time/', await call('/time/'), 200)
  const {key, token} = await user()
  const seller = await trader(node, {BTC: '1'})
  await node.services.trading.place(seller.id, {ticker: 'BTC-USDT', side: 'sell', type: 'limit', price: '30000', qty: '0.01'})
  const place = await signed(key, 'POST', '/orders/place/', {
    ticker: 'BTC-USDT',
    side: 'buy',
    type: 'market',
    qty: '0.01',
    client_order_id: 'openapi-fills',
  })
  conforms(t, 'post', '/orders/place/', place, 200)
  t.true(place.body.fills.length >= 1)
  const id = place.body.order_id
  conforms(t, 'get', '/orders/{id}/', await signed(key, 'GET', `/orders/${id}/`), 200)
  conforms(t, 'get', '/orders/{id}/', await withJwt(token, 'GET', `/orders/${seller.id}/`), 404)
  conforms(t, 'get', '/orders/{id}/', await withJwt(token, 'GET', '/orders/nope/'), 400)
  conforms(t, 'get', '/orders/{id}/', await call(`/orders/${id}/`), 401)
  const path = '/orders/by-client-id/{client_order_id}/'
  conforms(t, 'get', path, await withJwt(token, 'GET', '/orders/by-client-id/openapi-fills/'), 200)
  conforms(t, 'get', path, await signed(key, 'GET', '/orders/by-client-id/unknown-id/'), 404)
})
