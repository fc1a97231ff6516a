/**
 * The kill suite: the node runs in a child process (bench/lib-net/node-main.ts over one data dir)
 * under mixed load — spot orders (REST, signed), funding ↔ trading transfers (REST), the user's
 * withdrawals (`POST /withdrawals/`, REST, signed; queued and held, the eth chain's node being down:
 * `CHAIN_DOWN`), manual withdrawals (admin gRPC) and P2P orders walked through
 * create → accept → pay → confirm (REST, signed keys) — and is SIGKILLed at a random moment, again
 * and again. After each restart: every acknowledged write is in the store (orders, ledger
 * transactions, withdrawals with their holds, P2P states at least as far as acknowledged), no
 * withdrawal row is without its hold nor a hold without its row, the ledger verifies and the served
 * order book equals the one rebuilt from the stored open orders.
 */
import {createHmac} from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import {startChild, type ChildServer} from '../../../bench/lib-net/child.js'
import {AdminClient} from '../../../src/node/admin/client.js'
import {parseAmount} from '../../../src/node/ground/money.js'
import {freshTimestamp} from '../rest.js'
import {CHAIN_DOWN, EXTERNAL, UNLIMITED} from './node.js'
import {count, type Tally} from './values.js'

const TICKER = 'ETH-USDT'
const P2P_RANK = ['CREATED', 'ACCEPTED', 'PROCESSING', 'PAYMENT_COMPLETED', 'PAYMENT_CONFIRMED', 'SUCCESS']

type Key = {email: string; accountId: string; funding: string; trading: string; key: string; secret: string}
type Running = {server: ChildServer; admin: AdminClient; http: string}

export type KillReport = {kills: number; sent: Tally; acknowledged: Tally; problems: string[]; ms: number}

async function boot(dataDir: string): Promise<Running> {
  const config = {
    dataDir,
    httpHost: '127.0.0.1',
    httpPort: 0,
    adminHttpPort: 0,
    grpcPort: 0,
    shutdownGraceMs: 1000,
    rateLimits: UNLIMITED,
    chain: CHAIN_DOWN,
  }
  const server = await startChild({
    entry: 'node-main.ts',
    readyMsg: 'node started',
    // The sources under test, as every other test (and npm run soak) runs them: not dist/, which may be older.
    env: {BENCH_NODE_CONFIG: JSON.stringify(config), BENCH_NODE_LOG_LEVEL: 'info', BENCH_FROM: 'src'},
    echoWarnings: false,
  })
  return {server, admin: new AdminClient(`127.0.0.1:${server.ports.grpc}`), http: `http://127.0.0.1:${server.ports.http}`}
}

async function kill(running: Running): Promise<void> {
  running.admin.close()
  const {child} = running.server
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGKILL')
  await exited
}

async function signedCall(
  http: string,
  who: Key,
  method: string,
  target: string,
  body?: object,
): Promise<{status: number; body: any}> {
  const raw = body === undefined ? '' : JSON.stringify(body)
  // Identical requests in one millisecond would be one request sent twice (a replay, docs/rest.md "Replayed requests").
  const timestamp = String(freshTimestamp(`${who.key} ${method} ${target} ${raw}`))
  const signature = createHmac('sha256', who.secret).update(`${timestamp}${method}${target}${raw}`).digest('hex')
  const headers: Record<string, string> = {
    'x-api-key': who.key,
    'x-timestamp': timestamp,
    'x-signature': signature,
    'x-recv-window': '60000',
  }
  if (raw) headers['content-type'] = 'application/json'
  const response = await fetch(`${http}${target}`, {method, headers, body: raw || undefined})
  return {status: response.status, body: await response.json().catch(() => undefined)}
}

async function setUp(running: Running, n: number): Promise<Key[]> {
  const keys: Key[] = []
  for (let i = 0; i < n; i++) {
    const email = `kill-${process.pid}-${i}@example.com`
    const {id} = await running.admin.call<{id: string}>('AccountsService', 'CreateAccount', {
      email,
      password: 'kill password 1234',
    })
    const details = await running.admin.call<{funding_account_id: string; trading_account_id: string}>(
      'AccountsService',
      'GetAccountDetails',
      {email},
    )
    for (const balance of [details.funding_account_id, details.trading_account_id]) {
      for (const [asset, amount] of [
        ['ETH', '100000'],
        ['USDT', '100000000'],
      ]) {
        await running.admin.call('OperationsService', 'ManualTopupBalanceAccount', {
          balance_account_id: balance,
          asset,
          amount,
          reason: 'kill suite funding',
        })
      }
    }
    const key = await running.admin.call<{api_key: string; api_secret: string}>('APIKeysService', 'CreateAPIKey', {
      account_id: id,
      permissions: ['trade', 'read', 'withdraw'],
      label: 'kill',
    })
    keys.push({
      email,
      accountId: id,
      funding: details.funding_account_id,
      trading: details.trading_account_id,
      key: key.api_key,
      secret: key.api_secret,
    })
  }
  return keys
}

type Acks = {orders: Set<string>; transactions: Set<string>; withdrawals: Set<string>; p2p: Map<string, string>}

/** Runs mixed load until `stop()` says so; every write answered 200 is recorded in `acks`. */
function load(
  running: Running,
  keys: Key[],
  adId: string,
  acks: Acks,
  sent: Tally,
  acknowledged: Tally,
): {stop(): Promise<void>} {
  let stopped = false
  const guard = async (kind: string, work: () => Promise<void>) => {
    count(sent, kind)
    try {
      await work()
    } catch {
      // The node died mid-request: this write may or may not have been committed, and was not acknowledged.
    }
  }
  const loops: Promise<void>[] = []
  keys.slice(0, 3).forEach((who, i) =>
    loops.push(
      (async () => {
        for (let n = 0; !stopped; n++) {
          await guard('order', async () => {
            const side = (n + i) % 2 === 0 ? 'buy' : 'sell'
            const price = String(2000 + ((n * 7 + i * 3) % 21) - 10)
            const r = await signedCall(running.http, who, 'POST', '/api/v1/orders/place/', {
              ticker: TICKER,
              side,
              type: 'limit',
              price,
              qty: String((n % 5) + 1),
            })
            if (r.status !== 200) return
            acks.orders.add(r.body.order_id as string)
            count(acknowledged, 'order')
          })
        }
      })(),
    ),
  )
  const mover = keys[3]!
  loops.push(
    (async () => {
      for (let n = 0; !stopped; n++) {
        await guard('transfer', async () => {
          const [from, to] = n % 2 === 0 ? [mover.funding, mover.trading] : [mover.trading, mover.funding]
          const r = await signedCall(running.http, mover, 'POST', '/api/v1/balances/transfer/', {
            from_balance_account_id: from,
            to_balance_account_id: to,
            asset: 'USDT',
            amount: '1.5',
          })
          if (r.status !== 200) return
          acks.transactions.add(r.body.transfer_id as string)
          count(acknowledged, 'transfer')
        })
        await guard('withdrawal', async () => {
          const r = await signedCall(running.http, mover, 'POST', '/api/v1/withdrawals/', {
            asset: 'ETH',
            network: 'eth',
            amount: '0.02',
            to_address: EXTERNAL,
          })
          if (r.status !== 200) return
          acks.withdrawals.add(r.body.id as string)
          count(acknowledged, 'withdrawal')
        })
        await guard('manual withdrawal', async () => {
          const r = await running.admin.call<{operation_id: string}>('OperationsService', 'ManualWithdrawBalanceAccount', {
            balance_account_id: mover.funding,
            asset: 'ETH',
            amount: '0.01',
            reason: 'kill suite withdrawal',
          })
          acks.transactions.add(r.operation_id)
          count(acknowledged, 'manual withdrawal')
        })
      }
    })(),
  )
  const [maker, taker] = [keys[4]!, keys[5]!]
  loops.push(
    (async () => {
      while (!stopped) {
        await guard('p2p', async () => {
          const created = await signedCall(running.http, taker, 'POST', '/api/v1/p2p/orders/', {
            advertisement_id: adId,
            amount: '20',
          })
          if (created.status !== 200) return
          const id = created.body.order_id as string
          acks.p2p.set(id, 'CREATED')
          count(acknowledged, 'p2p')
          for (const [who, action, body] of [
            [maker, 'accept', {}],
            [taker, 'pay', {payment_method: 'bank_transfer'}],
            [maker, 'confirm', {}],
          ] as const) {
            if (stopped) return
            count(sent, 'p2p')
            const r = await signedCall(running.http, who, 'POST', `/api/v1/p2p/orders/${id}/${action}/`, body)
            if (r.status !== 200) return
            acks.p2p.set(id, r.body.status as string)
            count(acknowledged, 'p2p')
          }
        })
      }
    })(),
  )
  return {
    async stop() {
      stopped = true
      await Promise.all(loops)
    },
  }
}

/** Checks a restarted node against everything acknowledged before the kill. */
async function check(running: Running, dataDir: string, keys: Key[], acks: Acks, round: number): Promise<string[]> {
  const problems: string[] = []
  const stored = new Map<string, {price: string; qty: string; filled_qty: string; status: string; side: string}>()
  // Each trader's orders, page by page over REST (admin ListOrders has no offset: an `offset` sent to it
  // was dropped, so a trader with 1,000 orders or more read the same page forever).
  for (const who of keys.slice(0, 3)) {
    for (let offset = 0; ; offset += 200) {
      const page = await signedCall(running.http, who, 'GET', `/api/v1/orders/?limit=200&offset=${offset}`)
      if (page.status !== 200) throw new Error(`kill check: GET /orders/ answered ${page.status}`)
      const orders = page.body.orders as {
        id: string
        price: string
        qty: string
        filled_qty: string
        status: string
        side: string
      }[]
      for (const order of orders) stored.set(order.id, order)
      if (orders.length < 200) break
    }
  }
  const lostOrders = [...acks.orders].filter((id) => !stored.has(id))
  if (lostOrders.length) problems.push(`round ${round}: ${lostOrders.length} acknowledged orders lost, e.g. ${lostOrders[0]}`)

  const db = new Database(path.join(dataDir, 'exchange.db'), {readonly: true, fileMustExist: true})
  try {
    const has = db.prepare('SELECT 1 FROM ledger_transactions WHERE id = ? OR reference_id = ?')
    const lost = [...acks.transactions].filter((id) => has.get(id, id) === undefined)
    if (lost.length) problems.push(`round ${round}: ${lost.length} acknowledged transfers/withdrawals lost, e.g. ${lost[0]}`)
    problems.push(...checkWithdrawals(db, acks.withdrawals, round))
  } finally {
    db.close()
  }

  for (const [id, status] of acks.p2p) {
    const r = await signedCall(running.http, keys[5]!, 'GET', `/api/v1/p2p/orders/${id}/`)
    const now = r.body?.status as string | undefined
    if (r.status !== 200 || P2P_RANK.indexOf(now ?? '') < P2P_RANK.indexOf(status))
      problems.push(`round ${round}: P2P order ${id} acknowledged ${status}, now ${r.status} ${now}`)
  }

  const expected = {bids: new Map<string, bigint>(), asks: new Map<string, bigint>()}
  for (const order of stored.values()) {
    if (order.status !== 'open' && order.status !== 'partial') continue
    const levels = order.side === 'buy' ? expected.bids : expected.asks
    levels.set(order.price, (levels.get(order.price) ?? 0n) + parseAmount(order.qty, 18) - parseAmount(order.filled_qty, 18))
  }
  const book = (await (await fetch(`${running.http}/api/v1/exchange/orderbook/?ticker=${TICKER}&limit=200`)).json()) as {
    bids: [string, string][]
    asks: [string, string][]
  }
  const key = (levels: Iterable<[string, bigint]>) =>
    JSON.stringify([...levels].map(([p, q]) => [p, String(q)]).sort(([a], [b]) => a!.localeCompare(b!)))
  const served = (levels: [string, string][]) => key(levels.map(([p, q]) => [p, parseAmount(q, 18)] as [string, bigint]))
  if (served(book.bids) !== key(expected.bids) || served(book.asks) !== key(expected.asks))
    problems.push(`round ${round}: the served book differs from the stored open orders`)

  const report = await running.admin.call<{ok: boolean; problems: string[]}>('LedgerService', 'VerifyLedger')
  if (!report.ok) problems.push(`round ${round}: ledger verify: ${report.problems.join('; ')}`)
  return problems
}

/**
 * User withdrawals after a restart: every acknowledged one is stored, still `pending` (nothing can
 * send it), and every stored row and its ledger hold were committed together — no row without its
 * `withdrawal_hold`, no hold without its row.
 */
function checkWithdrawals(db: Database.Database, acknowledged: Set<string>, round: number): string[] {
  const problems: string[] = []
  const rows = new Map(
    db
      .prepare('SELECT id, status FROM withdrawals')
      .all()
      .map((row) => [(row as {id: string}).id, (row as {status: string}).status]),
  )
  const holds = new Set(
    db
      .prepare("SELECT reference_id FROM ledger_transactions WHERE type = 'withdrawal_hold'")
      .all()
      .map((row) => (row as {reference_id: string}).reference_id),
  )
  const lost = [...acknowledged].filter((id) => !rows.has(id))
  if (lost.length) problems.push(`round ${round}: ${lost.length} acknowledged withdrawals lost, e.g. ${lost[0]}`)
  const moved = [...acknowledged].filter((id) => rows.has(id) && rows.get(id) !== 'pending')
  if (moved.length) problems.push(`round ${round}: withdrawal ${moved[0]} is ${rows.get(moved[0]!)}, not pending`)
  const unheld = [...rows.keys()].filter((id) => !holds.has(id))
  if (unheld.length) problems.push(`round ${round}: ${unheld.length} withdrawals without their hold, e.g. ${unheld[0]}`)
  const orphans = [...holds].filter((id) => !rows.has(id))
  if (orphans.length) problems.push(`round ${round}: ${orphans.length} withdrawal holds without their row, e.g. ${orphans[0]}`)
  return problems
}

/** `kills` rounds of load → SIGKILL at a random moment (up to `maxMs` after the load flows) → restart → check. */
export async function killSuite(options: {kills: number; maxMs?: number}): Promise<KillReport> {
  const started = Date.now()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-kill-'))
  const sent: Tally = {}
  const acknowledged: Tally = {}
  const problems: string[] = []
  let running = await boot(dataDir)
  try {
    const keys = await setUp(running, 6)
    const ad = await signedCall(running.http, keys[4]!, 'POST', '/api/v1/p2p/advertisements/', {
      type: 'SELL',
      asset: 'USDT',
      fiat: 'USD',
      price_type: 'fixed',
      price: '1',
      min_amount: '1',
      max_amount: '1000',
      total_amount: '10000000',
      payment_methods: ['bank_transfer'],
    })
    if (ad.status !== 200) throw new Error(`kill suite ad: ${JSON.stringify(ad.body)}`)
    await signedCall(running.http, keys[4]!, 'POST', '/api/v1/p2p/me/payment-methods/', {
      payment_method: 'bank_transfer',
      details: 'IBAN kill suite',
    })
    const acks: Acks = {orders: new Set(), transactions: new Set(), withdrawals: new Set(), p2p: new Map()}
    for (let round = 0; round < options.kills; round++) {
      const running_ = running
      const traffic = load(running_, keys, ad.body.advertisement_id as string, acks, sent, acknowledged)
      // The kill lands at a random moment once the load is flowing (some writes acknowledged this round).
      const total = () => Object.values(acknowledged).reduce((a, b) => a + b, 0)
      const before = total()
      for (let waited = 0; total() - before < 5 && waited < 20_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50))
      await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * (options.maxMs ?? 1500))))
      await kill(running_)
      await traffic.stop()
      running = await boot(dataDir)
      problems.push(...(await check(running, dataDir, keys, acks, round)))
    }
    return {kills: options.kills, sent, acknowledged, problems, ms: Date.now() - started}
  } finally {
    await kill(running)
    fs.rmSync(dataDir, {recursive: true, force: true})
  }
}
