/**
 * Crash safety of spot trading: a child node under signed order load (REST) is SIGKILLed at random
 * points, several times; after each restart every acknowledged order is there, the order book served
 * equals the book replayed from the stored open orders, and the ledger verifies.
 * Needs dist/ (npm run build). Serial by nature: one node process at a time.
 */
import {createHmac} from 'node:crypto'
import fs from 'node:fs'
import test from 'ava'
import {AdminClient} from '../../../src/node/admin/client.js'
import {parseAmount} from '../../../src/node/money.js'
import {CLI_TIMEOUT_MS, startCli} from '../../helpers/cli.js'
import {tempDir} from '../../helpers/node.js'

const TICKER = 'ETH-USDT'
type Trader = {email: string; key: string; secret: string}
type Started = {kill(): Promise<void>; admin: AdminClient; http: string}

async function startNode(dataDir: string): Promise<Started> {
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
    admin,
    http: `http://127.0.0.1:${ports.http}`,
    async kill() {
      admin.close()
      child.kill('SIGKILL')
      await exited
    },
  }
}

async function signedPost(http: string, trader: Trader, path: string, body: object): Promise<Response> {
  const raw = JSON.stringify(body)
  const timestamp = String(Date.now())
  const signature = createHmac('sha256', trader.secret).update(`${timestamp}POST${path}${raw}`).digest('hex')
  return fetch(`${http}${path}`, {
    method: 'POST',
    headers: {'content-type': 'application/json', 'x-api-key': trader.key, 'x-timestamp': timestamp, 'x-signature': signature},
    body: raw,
  })
}

test('SIGKILL under order load loses no acknowledged order; book and ledger rebuild exactly', async (t) => {
  t.timeout(120_000)
  const dataDir = tempDir('exchange-crash-')
  t.teardown(() => fs.rmSync(dataDir, {recursive: true, force: true}))
  let node = await startNode(dataDir)
  t.teardown(() => node.kill())
  const traders: Trader[] = []
  for (let i = 0; i < 4; i++) {
    const email = `crash-${process.pid}-${i}@example.com`
    const {id} = await node.admin.call<{id: string}>('AccountsService', 'CreateAccount', {email, password: 'password123'})
    const details = await node.admin.call<{trading_account_id: string}>('AccountsService', 'GetAccountDetails', {email})
    for (const [asset, amount] of [
      ['ETH', '1000'],
      ['USDT', '10000000'],
    ]) {
      await node.admin.call('OperationsService', 'ManualTopupBalanceAccount', {
        balance_account_id: details.trading_account_id,
        asset,
        amount,
        reason: 'crash test funding',
      })
    }
    const key = await node.admin.call<{api_key: string; api_secret: string}>('APIKeysService', 'CreateAPIKey', {
      account_id: id,
      permissions: ['trade', 'read'],
      label: 'crash',
    })
    traders.push({email, key: key.api_key, secret: key.api_secret})
  }

  const acknowledged = new Set<string>()
  let sent = 0
  for (let round = 0; round < 3; round++) {
    let stop = false
    const loops = traders.map(async (trader, i) => {
      let n = 0
      while (!stop && n < 200) {
        const side = (n + i) % 2 === 0 ? 'buy' : 'sell'
        const price = (2000 + ((n * 7 + i * 3) % 21) - 10).toString()
        sent++
        try {
          const response = await signedPost(node.http, trader, '/api/v1/orders/place/', {
            ticker: TICKER,
            side,
            type: 'limit',
            price,
            qty: ((n % 9) + 1).toString(),
          })
          if (response.status === 200) acknowledged.add(((await response.json()) as {order_id: string}).order_id)
        } catch {
          // The node was killed mid-request: this order may or may not have been committed.
        }
        n++
      }
    })
    await new Promise((resolve) => setTimeout(resolve, 300 + Math.floor(Math.random() * 700)))
    await node.kill()
    stop = true
    await Promise.all(loops)
    node = await startNode(dataDir)

    // Every acknowledged order is present.
    const stored = new Map<string, {price: string; qty: string; filled_qty: string; status: string; side: string}>()
    for (const trader of traders) {
      const {orders} = await node.admin.call<{
        orders: {id: string; price: string; qty: string; filled_qty: string; status: string; side: string}[]
      }>('AccountsService', 'ListOrders', {email: trader.email, limit: 1000})
      for (const order of orders) stored.set(order.id, order)
    }
    const missing = [...acknowledged].filter((id) => !stored.has(id))
    t.deepEqual(missing, [], `round ${round}: acknowledged orders missing after restart`)

    // The served book equals the book replayed from the stored open orders.
    const expected = {bids: new Map<string, bigint>(), asks: new Map<string, bigint>()}
    for (const order of stored.values()) {
      if (order.status !== 'open' && order.status !== 'partial') continue
      const levels = order.side === 'buy' ? expected.bids : expected.asks
      const rest = parseAmount(order.qty, 18) - parseAmount(order.filled_qty, 18)
      levels.set(order.price, (levels.get(order.price) ?? 0n) + rest)
    }
    const book = (await (await fetch(`${node.http}/api/v1/exchange/orderbook/?ticker=${TICKER}&limit=200`)).json()) as {
      bids: [string, string][]
      asks: [string, string][]
    }
    const sorted = (levels: Iterable<[string, bigint]>) => [...levels].sort(([a], [b]) => a.localeCompare(b))
    const served = (levels: [string, string][]) => sorted(levels.map(([price, qty]) => [price, parseAmount(qty, 18)]))
    t.deepEqual(served(book.bids), sorted(expected.bids), `round ${round}: bids`)
    t.deepEqual(served(book.asks), sorted(expected.asks), `round ${round}: asks`)

    const report = await node.admin.call<{ok: boolean; problems: string[]}>('LedgerService', 'VerifyLedger')
    t.true(report.ok, report.problems.join('; '))
  }
  t.log(`${sent} orders sent, ${acknowledged.size} acknowledged over 3 kills`)
  t.true(acknowledged.size > 20, 'the load must actually place orders')
  await node.kill()
})
