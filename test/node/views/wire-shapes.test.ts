/**
 * views/: the v1 wire shapes every transport renders hold exactly the fields the docs show, with
 * money as plain decimal strings and times as ISO 8601 with milliseconds (docs/rest.md, the order
 * object of docs/websockets.md "Orders"). The documented field lists are read from the docs
 * themselves, so a field added to a view, or dropped from it, fails here until the docs say so too.
 * The objects are real: orders placed and matched by the trading service over an in-memory store.
 */
import fs from 'node:fs'
import path from 'node:path'
import test, {type ExecutionContext} from 'ava'
import type {Account} from '../../../src/node/accounts/accounts.js'
import type {Services} from '../../../src/node/services.js'
import type {Fill, Order, PublicTrade} from '../../../src/node/trading/model.js'
import {accountView, subAccountView} from '../../../src/node/views/accounts.js'
import {balanceView} from '../../../src/node/views/balances.js'
import {fillView, orderView, publicTradeView, userTradeView} from '../../../src/node/views/orders.js'
import {memoryServices} from '../../helpers/memory.js'
import {ROOT} from '../../helpers/paths.js'

/** Plain notation: no exponent, no sign, no leading or trailing zeros. */
const DECIMAL = /^(0|[1-9]\d*)(\.\d*[1-9])?$/
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

// ---- What the docs show --------------------------------------------------------------------------

const docs = (name: string): string => fs.readFileSync(path.join(ROOT, 'docs', name), 'utf8')

/** The text under `heading` (a whole line, e.g. "### GET /trades/"), up to the next heading of its level or above. */
function section(doc: string, heading: string): string {
  const lines = doc.split('\n')
  const start = lines.indexOf(heading)
  if (start < 0) throw new Error(`no heading "${heading}"`)
  const level = heading.indexOf(' ')
  const end = lines.findIndex((line, i) => i > start && /^#+ /.test(line) && line.indexOf(' ') <= level)
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n')
}

/** The first ```json block of a section. */
function jsonBlock(text: string): string {
  const block = /^```json\n([\s\S]*?)^```/m.exec(text)
  if (!block) throw new Error('no json block')
  return block[1]!
}

const sorted = (object: object): string[] => Object.keys(object).sort()

const rest = docs('rest.md')
const websockets = docs('websockets.md')
const documented = {
  order: sorted(JSON.parse(jsonBlock(section(websockets, '## Orders'))).order),
  publicTrade: sorted(JSON.parse(jsonBlock(section(websockets, '## Trades')))),
  fill: sorted(JSON.parse(/\{"trade_id"[^{}]*\}/.exec(jsonBlock(section(rest, '### POST /orders/place/')))![0])),
  userTrade: sorted(JSON.parse(jsonBlock(section(rest, '### GET /trades/')))),
  account: sorted(JSON.parse(jsonBlock(section(rest, '### GET /accounts/me/')))),
  tier: sorted(JSON.parse(jsonBlock(section(rest, '### GET /accounts/me/'))).tier),
  subAccount: sorted(JSON.parse(jsonBlock(section(rest, '### POST /accounts/sub-accounts/ and GET /accounts/sub-accounts/')))),
  balance: /Each entry: `\{([^}`]*)\}`/
    .exec(section(rest, '### GET /balances/'))![1]!
    .split(',')
    .map((field) => field.trim())
    .sort(),
}

// ---- Real objects --------------------------------------------------------------------------------

type World = {
  services: Services
  alice: Account
  bob: Account
  /** Bob's sell, partly filled by Alice's market buy (bob is its maker). */
  resting: Order
  /** Alice's market buy, filled, and its one fill. */
  market: Order
  fills: Fill[]
  /** A market order that found nothing to take: cancelled, no price. */
  unfilled: Order
  /** A limit order with a client order id, resting untouched. */
  untouched: Order
  publicTrades: PublicTrade[]
}

let world: World

test.before(async () => {
  const services = memoryServices()
  const publicTrades: PublicTrade[] = []
  services.trading.events.on('committed', (events: {trades: PublicTrade[]}) => publicTrades.push(...events.trades))
  const alice = await services.accounts.create('alice@example.com', 'alice password 1')
  const bob = await services.accounts.create('bob@example.com', 'bob password 12')
  const fund = (account: Account, asset: string, amount: string) =>
    services.operations.topup(services.operations.balanceAccount(account.tradingAccountId), {
      asset,
      amount,
      reason: 'test funding',
      operator: 'test',
    })
  fund(alice, 'USDT', '100000')
  fund(bob, 'BTC', '2')
  // ETH has 18 decimals: its smallest unit, and an amount far above 10^21 units, must stay plain.
  services.operations.topup(services.operations.balanceAccount(alice.fundingAccountId), {
    asset: 'ETH',
    amount: '0.000000000000000001',
    reason: 'test funding',
    operator: 'test',
  })
  fund(alice, 'ETH', '123456789012345.123456789012345678')

  const sell = await services.trading.place(bob.id, {ticker: 'BTC-USDT', side: 'sell', type: 'limit', price: '20000', qty: '1'})
  const buy = await services.trading.place(alice.id, {ticker: 'BTC-USDT', side: 'buy', type: 'market', qty: '0.5'})
  const unfilled = await services.trading.place(alice.id, {ticker: 'ETH-USDT', side: 'buy', type: 'market', qty: '1'})
  const untouched = await services.trading.place(alice.id, {
    ticker: 'BTC-USDT',
    side: 'buy',
    type: 'limit',
    price: '19000.5',
    qty: '0.0123',
    clientOrderId: 'views-1',
  })
  world = {
    services,
    alice,
    bob,
    resting: services.trading.orderOf(bob.id, sell.order.id)!,
    market: buy.order,
    fills: buy.fills,
    unfilled: unfilled.order,
    untouched: untouched.order,
    publicTrades,
  }
})

test.after.always(() => {
  world?.services.db.close()
})

/** The money fields of a view are plain decimals (null where allowed), its time fields ISO with ms. */
function assertFormats(
  t: ExecutionContext,
  view: Record<string, unknown>,
  fields: {money: string[]; nullableMoney?: string[]; times: string[]},
): void {
  for (const field of fields.money) t.regex(view[field] as string, DECIMAL, field)
  for (const field of fields.nullableMoney ?? []) if (view[field] !== null) t.regex(view[field] as string, DECIMAL, field)
  for (const field of fields.times) t.regex(view[field] as string, ISO_MS, field)
}

// ---- The shapes ----------------------------------------------------------------------------------

test('the docs show the order object with its 19 fields (the list this file checks against)', (t) => {
  t.deepEqual(documented.order, [
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
})

test('an order object has exactly the documented fields, in every state, with plain decimals and ISO times', (t) => {
  const {resting, market, unfilled, untouched} = world
  for (const order of [resting, market, unfilled, untouched]) {
    const view = orderView(order)
    t.deepEqual(sorted(view), documented.order, order.id)
    assertFormats(t, view, {
      money: ['price', 'qty', 'filled_qty'],
      nullableMoney: ['avg_price', 'stop_price', 'quote_qty'],
      times: ['created_at', 'updated_at'],
    })
    t.true(Number.isSafeInteger(view.seq) && view.seq > 0)
    t.regex(view.id, /^[0-9a-f-]{36}$/)
  }
  t.like(orderView(untouched), {client_order_id: 'views-1', price: '19000.5', qty: '0.0123', filled_qty: '0', avg_price: null})
  t.like(orderView(untouched), {status: 'open', type: 'limit', side: 'buy', time_in_force: 'GTC', ticker: 'BTC-USDT'})
  // No client order id is "", never null; a market order's price is its average fill price.
  t.like(orderView(market), {client_order_id: '', status: 'filled', price: '20000', avg_price: '20000', filled_qty: '0.5'})
  t.like(orderView(resting), {status: 'partial', price: '20000', qty: '1', filled_qty: '0.5', avg_price: '20000'})
  // A market order that filled nothing: price "0" with avg_price null (docs/rest.md "POST /orders/place/").
  t.like(orderView(unfilled), {status: 'cancelled', price: '0', avg_price: null, filled_qty: '0'})
})

test("a fill of the place answer has exactly the documented fields: the taker's fee in the asset it received", (t) => {
  t.is(world.fills.length, 1)
  const view = fillView(world.fills[0]!)
  t.deepEqual(sorted(view), documented.fill)
  assertFormats(t, view, {money: ['price', 'qty', 'fee'], times: []})
  t.like(view, {price: '20000', qty: '0.5', fee_asset: 'BTC'})
  t.regex(view.trade_id, /^[0-9a-f-]{36}$/)
})

test('a trade seen by each of its accounts has exactly the documented fields, is_maker a boolean', (t) => {
  const query = (account: Account) => ({accountId: account.id, limit: 10, offset: 0})
  const [taker] = world.services.trading.listTrades(query(world.alice)).trades.map(userTradeView)
  const [maker] = world.services.trading.listTrades(query(world.bob)).trades.map(userTradeView)
  for (const view of [taker!, maker!]) {
    t.deepEqual(sorted(view), documented.userTrade)
    assertFormats(t, view, {money: ['price', 'qty', 'quote_qty', 'fee'], times: ['executed_at']})
    t.is(view.quote_qty, '10000')
  }
  t.like(taker, {side: 'buy', is_maker: false, fee_asset: 'BTC', order_id: world.market.id})
  t.like(maker, {side: 'sell', is_maker: true, fee_asset: 'USDT', order_id: world.resting.id})
  t.is(taker!.id, maker!.id)
})

test('a public trade has exactly the documented fields, its side the taker side', (t) => {
  t.is(world.publicTrades.length, 1)
  const view = publicTradeView(world.publicTrades[0]!)
  t.deepEqual(sorted(view), documented.publicTrade)
  assertFormats(t, view, {money: ['price', 'qty'], times: ['executed_at']})
  t.like(view, {ticker: 'BTC-USDT', price: '20000', qty: '0.5', side: 'buy'})
})

test("a balance entry has exactly the documented fields; amounts stay plain from an 18-decimal asset's last unit to above 10^21 units", (t) => {
  const views = world.services.balances.list(world.alice).map(balanceView)
  t.true(views.length >= 8)
  for (const view of views) {
    t.deepEqual(sorted(view), documented.balance)
    assertFormats(t, view, {money: ['available', 'locked'], times: []})
    t.true(view.account_type === 'funding' || view.account_type === 'trading')
    t.regex(view.balance_account_id, UUID)
  }
  const of = (type: string, asset: string) => views.find((view) => view.account_type === type && view.asset === asset)
  t.like(of('funding', 'ETH'), {available: '0.000000000000000001', locked: '0', balance_account_id: world.alice.fundingAccountId})
  t.like(of('trading', 'ETH'), {available: '123456789012345.123456789012345678', locked: '0'})
  // The resting limit buy locks its quote: 0.0123 × 19000.5 USDT.
  t.like(of('trading', 'USDT'), {locked: '233.70615'})
  t.like(of('trading', 'BTC'), {available: '0.499'})
})

test('an account and a sub-account have exactly the documented fields, fees plain, created_at ISO with ms', (t) => {
  const {services, alice} = world
  const limits = services.tiers.limitsOf(alice.tierId)
  const view = accountView(alice, {
    name: 'default',
    makerFee: limits.makerFee,
    takerFee: limits.takerFee,
    ordersPerSecond: limits.ordersPerSecond,
  })
  t.deepEqual(sorted(view), documented.account)
  t.deepEqual(sorted(view.tier), documented.tier)
  assertFormats(t, view, {money: [], times: ['created_at']})
  assertFormats(t, view.tier, {money: ['maker_fee', 'taker_fee'], times: []})
  t.true(Number.isInteger(view.tier.orders_per_second))
  t.like(view, {email: 'alice@example.com', status: 'active', funding_account_id: alice.fundingAccountId})

  const sub = subAccountView(services.accounts.createSub(alice, 'alice-bot@example.com'))
  t.deepEqual(sorted(sub), documented.subAccount)
  assertFormats(t, sub, {money: [], times: ['created_at']})
  t.like(sub, {email: 'alice-bot@example.com', status: 'active', master_account_id: alice.id})
  t.not(sub.funding_account_id, alice.fundingAccountId)
})
