/**
 * Shared helpers of the market-data tests (not a test file: ava runs `*.test.ts` only): a node with
 * the rate limit out of the way, HTTP GET, funded traders, a fresh pair per test, and trades written
 * straight into the `trades` table at chosen times.
 */
import {randomUUID} from 'node:crypto'
import {DEFAULT_CONFIG, type NodeConfig} from '../../src/node/ground/config.js'
import {startTestNode, uniqueEmail, type TestNode} from './node.js'

/**
 * A node whose loopback clients may send 100 000 requests and orders per second: these tests are not
 * about the limits (rate-limit tests start their own nodes), and a fast machine must not hit them.
 * `overrides` as startTestNode's (a `dataDir` to start again on).
 */
export const startMarketNode = (overrides: Partial<NodeConfig> = {}): Promise<TestNode> =>
  startTestNode({rateLimits: {...DEFAULT_CONFIG.rateLimits, internal: 100_000, ordersPerSecond: 100_000}, ...overrides})

export type Answer<T = any> = {status: number; body: T; headers: Headers}

export async function get<T = any>(node: TestNode, path: string): Promise<Answer<T>> {
  const response = await fetch(`${node.httpUrl}/api/v1${path}`)
  return {status: response.status, body: (await response.json()) as T, headers: response.headers}
}

/** A new account with `funds` (asset → amount) in its trading balance account. */
export async function trader(node: TestNode, funds: Record<string, string>) {
  const account = await node.services.accounts.create(uniqueEmail('trader'), 'password123')
  for (const [asset, amount] of Object.entries(funds)) {
    node.services.operations.topup(
      {balanceAccountId: account.tradingAccountId},
      {asset, amount, reason: 'test funding', operator: 'test'},
    )
  }
  return account
}

/**
 * `count` resting BTC-USDT buys of 0.01 at 100, 101, ... for an account, funded on its trading
 * balance first; their order ids in the order placed.
 */
export async function restingBuys(node: TestNode, accountId: string, count: number): Promise<string[]> {
  node.services.operations.topup(
    {balanceAccountId: node.services.accounts.cachedById(accountId)!.tradingAccountId},
    {asset: 'USDT', amount: String(2 * count), reason: 'resting buys', operator: 'test'},
  )
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const result = await node.services.trading.place(accountId, {
      ticker: 'BTC-USDT',
      side: 'buy',
      type: 'limit',
      price: String(100 + i),
      qty: '0.01',
    })
    ids.push(result.order.id)
  }
  return ids
}

let pairs = 0
/**
 * A fresh active pair `<BASE>-USDT` of a new base asset (8 decimals), so each test sees only its own
 * trades. Tick 0.01, lot 0.001, min notional 0.
 */
export function freshPair(node: TestNode, prefix = 'M'): string {
  const base = `${prefix}${process.pid % 1000}X${++pairs}`.slice(0, 10)
  node.services.assets.create(base, `Test coin ${base}`, 8)
  const symbol = `${base}-USDT`
  node.services.tickers.create({symbol, tickSize: '0.01', lotSize: '0.001', minNotional: '0'})
  return symbol
}

/** A maker sells `qty` at `price` and a taker buys it (or the reverse with `aggressor: 'sell'`): one real trade, now. */
export async function realTrade(node: TestNode, symbol: string, price: string, qty: string, aggressor: 'buy' | 'sell' = 'buy') {
  const base = symbol.split('-')[0]!
  const seller = await trader(node, {[base]: qty})
  const buyer = await trader(node, {USDT: '10000000'})
  const [maker, taker] = aggressor === 'buy' ? [seller, buyer] : [buyer, seller]
  const makerSide = aggressor === 'buy' ? 'sell' : 'buy'
  await node.services.trading.place(maker.id, {ticker: symbol, side: makerSide, type: 'limit', price, qty})
  const result = await node.services.trading.place(taker.id, {ticker: symbol, side: aggressor, type: 'limit', price, qty})
  if (result.order.status !== 'filled') throw new Error(`expected a fill, got ${result.order.status}`)
  return result
}

// Direct inserts. The `trades` table needs a maker and a taker order (foreign keys), so one
// cancelled placeholder order per pair is written first. Seqs start at 10^9 so they never meet the
// seqs the trading service hands out from its in-memory counters.
let nextSeq = 1_000_000_000
const placeholders = new Map<string, number>()

function placeholderOrder(node: TestNode, symbol: string): number {
  let seq = placeholders.get(symbol)
  if (seq !== undefined) return seq
  seq = nextSeq++
  const account = node.services.db.prepare<[], {id: string}>('SELECT id FROM accounts LIMIT 1').get()?.id
  const accountId = account ?? createAccountRow(node)
  const now = new Date().toISOString()
  node.services.db
    .prepare(
      `INSERT INTO orders (seq, id, account_id, client_order_id, ticker, side, type, time_in_force, post_only, price_ticks,
         qty_lots, filled_lots, held_asset, held, status, reason, created_at, updated_at)
       VALUES (?, ?, ?, NULL, ?, 'sell', 'limit', 'GTC', 0, 1, 1, 0, 'USDT', '0', 'cancelled', 'test placeholder', ?, ?)`,
    )
    .run(seq, randomUUID(), accountId, symbol, now, now)
  placeholders.set(symbol, seq)
  return seq
}

function createAccountRow(node: TestNode): string {
  const id = randomUUID()
  const now = new Date().toISOString()
  const tier = node.services.db.prepare<[], {id: string}>('SELECT id FROM tiers LIMIT 1').get()!.id
  node.services.db
    .prepare(
      `INSERT INTO accounts (id, email, password_hash, tier_id, status, created_at, updated_at) VALUES (?, ?, 'x', ?, 'active', ?, ?)`,
    )
    .run(id, uniqueEmail('placeholder'), tier, now, now)
  return id
}

export type StoredTrade = {price: string; qty: string; at: number | string; side?: 'buy' | 'sell'}

/**
 * Writes trades of `symbol` straight into the `trades` table at the given times (epoch ms or ISO),
 * in the given order. Price and qty are decimals of the pair's tick (0.01) and lot (0.001).
 * Returns the ids.
 */
export function insertTrades(node: TestNode, symbol: string, trades: StoredTrade[]): string[] {
  const order = placeholderOrder(node, symbol)
  const account = node.services.db
    .prepare<[number], {account_id: string}>('SELECT account_id FROM orders WHERE seq = ?')
    .get(order)!
  const spec = node.services.trading.spec(symbol)
  const insert = node.services.db.prepare(
    `INSERT INTO trades (seq, id, ticker, price_ticks, qty_lots, quote_amount, taker_side, maker_order_seq, taker_order_seq,
       maker_account_id, taker_account_id, maker_fee, taker_fee, executed_at, executed_ms)
     VALUES (?, ?, ?, ?, ?, '0', ?, ?, ?, ?, ?, '0', '0', ?, ?)`,
  )
  const ids: string[] = []
  node.services.db.transaction(() => {
    for (const trade of trades) {
      const ms = typeof trade.at === 'number' ? trade.at : Date.parse(trade.at)
      const id = randomUUID()
      insert.run(
        nextSeq++,
        id,
        symbol,
        spec.toTicks(trade.price),
        spec.toLots(trade.qty),
        trade.side ?? 'buy',
        order,
        order,
        account.account_id,
        account.account_id,
        new Date(ms).toISOString(),
        ms,
      )
      ids.push(id)
    }
  })()
  return ids
}
