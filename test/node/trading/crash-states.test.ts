/**
 * Crash safety at the two moments of a batch's life that a random SIGKILL (crash.test.ts) only hits
 * by chance, each reached on purpose, in a child node as operators run it:
 * - batches matched on the main thread and handed to the writer thread but not committed: another
 *   connection holds the store's write lock, so the writer's transaction waits for it. The node is
 *   killed then. None of those commands was answered, and none may leave a trace;
 * - a commit in progress: the node is killed while its writer thread is inside the fsync of the WAL
 *   (seen in /proc/<pid>/task/<tid>/syscall). Every acknowledged order must be there.
 * After each restart the served book equals the stored open orders and the ledger verifies.
 * Checked by mutation: answering a batch before its commit fails the first test; committing a
 * batch's rows in more than one transaction fails the second (the ledger no longer verifies).
 * Needs dist/ (npm run build). Serial: one node process at a time.
 */
import fs from 'node:fs'
import path from 'node:path'
import {Worker} from 'node:worker_threads'
import Database from 'better-sqlite3'
import test from 'ava'
import {
  assertRecovered,
  crashTraders,
  orderLoad,
  signedPost,
  startCrashNode,
  storedOrders,
  type CrashNode,
  type CrashTrader,
} from '../../helpers/crash-node.js'
import {tempDir} from '../../helpers/node.js'

const TICKER = 'ETH-USDT'
const PLACE = '/api/v1/orders/place/'
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function place(node: CrashNode, trader: CrashTrader, side: 'buy' | 'sell', price: string, qty: string): Promise<string> {
  const response = await signedPost(node.http, trader, PLACE, {ticker: TICKER, side, type: 'limit', price, qty})
  const body = (await response.json()) as {order_id: string}
  if (response.status !== 200) throw new Error(`place answered ${response.status}: ${JSON.stringify(body)}`)
  return body.order_id
}

const restingOrders = async (node: CrashNode) =>
  (await node.admin.call<{resting_orders: number}>('InfoService', 'GetStatus')).resting_orders

test.serial(
  'SIGKILL with batches matched but not committed: none was answered, none is stored, nothing of them is left',
  async (t) => {
    t.timeout(120_000)
    const dataDir = tempDir('exchange-crash-held-')
    t.teardown(() => fs.rmSync(dataDir, {recursive: true, force: true}))
    let node = await startCrashNode(dataDir)
    t.teardown(() => node.kill())
    const traders = await crashTraders(node, 3, {ETH: '1000', USDT: '10000000'}, 'held')
    // Committed and answered: one ask of 10 and a bid per trader (each key's first use is behind it too).
    const [maker, ...takers] = traders as [CrashTrader, ...CrashTrader[]]
    const committed = new Set<string>([await place(node, maker, 'sell', '2010', '10')])
    for (const trader of traders) committed.add(await place(node, trader, 'buy', '1990', '1'))
    t.is(await restingOrders(node), 4)

    // Another connection takes the write lock; the writer thread's next transaction waits for it.
    const blocker = new Database(path.join(dataDir, 'exchange.db'))
    blocker.pragma('busy_timeout = 5000')
    blocker.exec('BEGIN IMMEDIATE')
    let answered = 0
    const held = [
      // Each takes 1 of the ask: a trade and its ledger transaction; the ask stays, partly filled.
      ...takers.map((trader) =>
        signedPost(node.http, trader, PLACE, {ticker: TICKER, side: 'buy', type: 'limit', price: '2010', qty: '1'}),
      ),
      // Each rests: a reservation of its funds.
      ...traders.map((trader) =>
        signedPost(node.http, trader, PLACE, {ticker: TICKER, side: 'buy', type: 'limit', price: '1980', qty: '2'}),
      ),
    ].map((request) =>
      request.then(
        () => answered++,
        () => undefined,
      ),
    )
    // Matched in memory (the books the status counts), while nothing of them is on disk or answered.
    // All within the writer's busy timeout (5 s), after which its transaction would give up.
    const deadline = Date.now() + 2500
    while ((await restingOrders(node)) !== 7 && Date.now() < deadline) await pause(20)
    t.is(await restingOrders(node), 7, 'the held batches were matched: 3 new bids rest, the partly filled ask stays')
    await pause(100)
    t.is(answered, 0, 'no command of a batch not committed was answered')
    await node.kill()
    blocker.exec('ROLLBACK')
    blocker.close()
    await Promise.all(held)
    t.is(answered, 0)

    node = await startCrashNode(dataDir)
    const stored = await storedOrders(node, traders)
    t.deepEqual([...stored.keys()].sort(), [...committed].sort(), 'exactly the answered orders are stored')
    for (const order of stored.values()) t.is(order.filled_qty, '0', `order ${order.id}: no fill of the held batches is left`)
    t.is(await restingOrders(node), 4)
    await assertRecovered(t, node, stored, TICKER, 'after the kill with batches held')
    await node.kill()
  },
)

/**
 * A thread of `pid` in the WAL's fsync (fsync or fdatasync, x86-64 numbers 74 and 75, on a file
 * descriptor of `exchange.db-wal`), found in a worker thread so the load keeps flowing: the thread
 * that syncs the WAL most often among the first `samples` sightings is the writer (the checkpointer
 * syncs it too, about once a second); at its next sync the worker SIGKILLs the node.
 */
function killInWalSync(
  pid: number,
  samples: number,
  timeoutMs: number,
): Promise<{killed: boolean; writer: string; sightings: number}> {
  const source = `
    const {workerData, parentPort} = require('node:worker_threads')
    const fs = require('node:fs')
    const {pid, samples, deadline} = workerData
    const inWalSync = (tid) => {
      let fields
      try { fields = fs.readFileSync('/proc/' + pid + '/task/' + tid + '/syscall', 'utf8').split(' ') } catch { return false }
      if (fields[0] !== '74' && fields[0] !== '75') return false
      try { return fs.readlinkSync('/proc/' + pid + '/fd/' + parseInt(fields[1], 16)).endsWith('exchange.db-wal') } catch { return false }
    }
    const run = () => {
      const counts = new Map()
      let sightings = 0
      let writer = ''
      while (Date.now() < deadline) {
        let tids
        try { tids = fs.readdirSync('/proc/' + pid + '/task') } catch { break }
        for (const tid of tids) {
          if (writer && tid !== writer) continue
          if (!inWalSync(tid)) continue
          if (writer) {
            process.kill(pid, 'SIGKILL')
            return {killed: true, writer, sightings}
          }
          counts.set(tid, (counts.get(tid) || 0) + 1)
          if (++sightings >= samples) writer = [...counts].sort((a, b) => b[1] - a[1])[0][0]
        }
      }
      return {killed: false, writer, sightings}
    }
    parentPort.postMessage(run())
  `
  const worker = new Worker(source, {eval: true, workerData: {pid, samples, deadline: Date.now() + timeoutMs}})
  return new Promise((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
}

test.serial('SIGKILL inside a commit’s fsync loses no acknowledged order; book and ledger rebuild exactly', async (t) => {
  t.timeout(180_000)
  const syscalls = (fs.readFileSync('/proc/self/syscall', 'utf8').split(' ')[0] ?? '').trim()
  t.regex(syscalls, /^\d+$|^running$/, '/proc/<pid>/syscall is readable here')
  const dataDir = tempDir('exchange-crash-fsync-')
  t.teardown(() => fs.rmSync(dataDir, {recursive: true, force: true}))
  let node = await startCrashNode(dataDir)
  t.teardown(() => node.kill())
  const traders = await crashTraders(node, 4, {ETH: '1000', USDT: '10000000'}, 'fsync')
  const acknowledged = new Set<string>()
  for (let round = 0; round < 2; round++) {
    const load = orderLoad(node, traders, TICKER, acknowledged)
    const kill = await killInWalSync(node.child.pid!, 30, 60_000)
    t.true(
      kill.killed,
      `round ${round}: the writer thread (${kill.writer || 'not found'}) was seen in the WAL's fsync and killed there`,
    )
    await node.kill()
    await load.stop()
    t.log(
      `round ${round}: killed in the WAL fsync of thread ${kill.writer} after ${kill.sightings} sightings; ${acknowledged.size} orders acknowledged so far`,
    )

    node = await startCrashNode(dataDir)
    const stored = await storedOrders(node, traders)
    t.deepEqual(
      [...acknowledged].filter((id) => !stored.has(id)),
      [],
      `round ${round}: acknowledged orders missing after restart`,
    )
    await assertRecovered(t, node, stored, TICKER, `round ${round}`)
  }
  t.true(acknowledged.size > 20, 'the load must actually place orders')
  await node.kill()
})
