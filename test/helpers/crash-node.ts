/**
 * A node in a child process (`exchange node start`, as operators run it) for the crash tests: it
 * can be SIGKILLed at any moment and started again on the same data dir. Traders are set up over
 * the admin gRPC API; orders are placed with signed REST requests.
 */
import {createHmac} from 'node:crypto'
import type {ChildProcess} from 'node:child_process'
import type {ExecutionContext} from 'ava'
import {AdminClient} from '../../src/node/admin/client.js'
import {parseAmount} from '../../src/node/ground/money.js'
import {CLI_TIMEOUT_MS, startCli} from './cli.js'

export type CrashTrader = {email: string; key: string; secret: string}
export type CrashNode = {child: ChildProcess; admin: AdminClient; http: string; kill(): Promise<void>}

/** Starts a node on `dataDir` with listeners on free ports and rate limits out of the way. */
export async function startCrashNode(dataDir: string): Promise<CrashNode> {
  const child = startCli([
    'node',
    'start',
    '--data-dir',
    dataDir,
    '--http-host',
    '127.0.0.1',
    '--http-port',
    '0',
    '--grpc-port',
    '0',
    '--admin-http-port',
    '0',
    '--rate-limit-internal',
    '100000',
    '--orders-per-second',
    '100000',
  ])
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const ports = await new Promise<{http: number; grpc: number}>((resolve, reject) => {
    let buffered = ''
    let stderr = ''
    const timer = setTimeout(() => reject(new Error(`node did not start: ${stderr}`)), CLI_TIMEOUT_MS)
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString()
      for (const line of buffered.split('\n')) {
        if (!line.includes('"node started"')) continue
        clearTimeout(timer)
        resolve(JSON.parse(line).ports)
      }
    })
  })
  const admin = new AdminClient(`127.0.0.1:${ports.grpc}`)
  return {
    child,
    admin,
    http: `http://127.0.0.1:${ports.http}`,
    async kill() {
      admin.close()
      child.kill('SIGKILL')
      await exited
    },
  }
}

/** `count` accounts, each funded on its trading balance with `funds` and holding a trade+read API key. */
export async function crashTraders(
  node: CrashNode,
  count: number,
  funds: Record<string, string>,
  tag: string,
): Promise<CrashTrader[]> {
  const traders: CrashTrader[] = []
  for (let i = 0; i < count; i++) {
    const email = `${tag}-${process.pid}-${i}@example.com`
    const {id} = await node.admin.call<{id: string}>('AccountsService', 'CreateAccount', {email, password: 'password123'})
    const details = await node.admin.call<{trading_account_id: string}>('AccountsService', 'GetAccountDetails', {email})
    for (const [asset, amount] of Object.entries(funds)) {
      await node.admin.call('OperationsService', 'ManualTopupBalanceAccount', {
        balance_account_id: details.trading_account_id,
        asset,
        amount,
        reason: `${tag} funding`,
      })
    }
    const key = await node.admin.call<{api_key: string; api_secret: string}>('APIKeysService', 'CreateAPIKey', {
      account_id: id,
      permissions: ['trade', 'read'],
      label: tag,
    })
    traders.push({email, key: key.api_key, secret: key.api_secret})
  }
  return traders
}

let lastTimestamp = 0

/** A signed POST (a fresh millisecond timestamp per request, so no two are alike). */
export function signedPost(http: string, trader: CrashTrader, path: string, body: object): Promise<Response> {
  const raw = JSON.stringify(body)
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1)
  const timestamp = String(lastTimestamp)
  const signature = createHmac('sha256', trader.secret).update(`${timestamp}POST${path}${raw}`).digest('hex')
  return fetch(`${http}${path}`, {
    method: 'POST',
    headers: {'content-type': 'application/json', 'x-api-key': trader.key, 'x-timestamp': timestamp, 'x-signature': signature},
    body: raw,
  })
}

/**
 * Order load on `ticker`: each trader places signed limit orders one after the other, alternating
 * sides around 2000, until `stop` (or `perTrader` orders each). The ids answered 200 go into
 * `acknowledged`; a request cut off by a kill is neither counted nor retried. `stop` resolves to the
 * orders sent once every trader's loop has ended.
 */
export function orderLoad(
  node: CrashNode,
  traders: CrashTrader[],
  ticker: string,
  acknowledged: Set<string>,
  perTrader = Infinity,
): {stop(): Promise<number>} {
  let stopped = false
  let sent = 0
  const loops = traders.map(async (trader, i) => {
    for (let n = 0; !stopped && n < perTrader; n++) {
      const side = (n + i) % 2 === 0 ? 'buy' : 'sell'
      const price = (2000 + ((n * 7 + i * 3) % 21) - 10).toString()
      sent++
      try {
        const response = await signedPost(node.http, trader, '/api/v1/orders/place/', {
          ticker,
          side,
          type: 'limit',
          price,
          qty: ((n % 9) + 1).toString(),
        })
        if (response.status === 200) acknowledged.add(((await response.json()) as {order_id: string}).order_id)
      } catch {
        // The node was killed mid-request: this order may or may not have been committed.
      }
    }
  })
  return {
    async stop() {
      stopped = true
      await Promise.all(loops)
      return sent
    },
  }
}

export type StoredOrder = {id: string; price: string; qty: string; filled_qty: string; status: string; side: string}

/** Every order of the traders, by id (admin gRPC; fewer than 1,000 each). */
export async function storedOrders(node: CrashNode, traders: CrashTrader[]): Promise<Map<string, StoredOrder>> {
  const stored = new Map<string, StoredOrder>()
  for (const trader of traders) {
    const {orders} = await node.admin.call<{orders: StoredOrder[]}>('AccountsService', 'ListOrders', {
      email: trader.email,
      limit: 1000,
    })
    // A full page could hide orders beyond it, which would read as lost.
    if (orders.length === 1000) throw new Error(`${trader.email} has 1,000 orders or more: read them in pages`)
    for (const order of orders) stored.set(order.id, order)
  }
  return stored
}

/**
 * After a restart: the book the node serves for `ticker` equals the book replayed from the stored
 * open orders, and the ledger verifies (balances, zero sums, and each trading balance's `locked`
 * against its open orders' `held`).
 */
export async function assertRecovered(
  t: ExecutionContext,
  node: CrashNode,
  stored: Map<string, StoredOrder>,
  ticker: string,
  what: string,
): Promise<void> {
  const expected = {bids: new Map<string, bigint>(), asks: new Map<string, bigint>()}
  for (const order of stored.values()) {
    if (order.status !== 'open' && order.status !== 'partial') continue
    const levels = order.side === 'buy' ? expected.bids : expected.asks
    const rest = parseAmount(order.qty, 18) - parseAmount(order.filled_qty, 18)
    levels.set(order.price, (levels.get(order.price) ?? 0n) + rest)
  }
  const book = (await (await fetch(`${node.http}/api/v1/exchange/orderbook/?ticker=${ticker}&limit=200`)).json()) as {
    bids: [string, string][]
    asks: [string, string][]
  }
  const sorted = (levels: Iterable<[string, bigint]>) => [...levels].sort(([a], [b]) => a.localeCompare(b))
  const served = (levels: [string, string][]) => sorted(levels.map(([price, qty]) => [price, parseAmount(qty, 18)]))
  t.deepEqual(served(book.bids), sorted(expected.bids), `${what}: bids`)
  t.deepEqual(served(book.asks), sorted(expected.asks), `${what}: asks`)
  const report = await node.admin.call<{ok: boolean; problems: string[]}>('LedgerService', 'VerifyLedger')
  t.true(report.ok, `${what}: ${report.problems.join('; ')}`)
}
