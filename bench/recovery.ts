/**
 * bench/recovery — how long a node takes to restart with 1,000,000 resting orders in its store.
 *
 *   npm run bench:recovery [-- --orders 1000000 --accounts 20 --keep]   (--keep: leave the data dir for inspection)
 *
 * Setup (not timed): a node is started once in a temp dir (migrations, bootstrap, trader accounts),
 * stopped, and the orders table is filled directly through SQL in one transaction: `--orders` rows
 * on BTC-USDT, status 'open' (one in ten 'partial', with filled lots), bids below and asks above a
 * mid price so the book is not crossed, random UUIDs as ids, spread over the accounts. Only the orders
 * rows are written: their ledger holds are not (the restart does not read them, so the timing does
 * not depend on them; the ledger of this throwaway store does not balance).
 *
 * Timed: `startNode` on that dir, from the call to a running node (open + migrations check + every
 * book rebuilt + listeners up), and the rebuild alone as the node logs it ("order books rebuilt", ms);
 * then `trading.recover()` called again on the running node, with its heap warm.
 */
import fs from 'node:fs'
import path from 'node:path'
import {randomUUID} from 'node:crypto'
import Database from 'better-sqlite3'
import {DB_FILE} from '../src/node/store/database.js'
import {benchDir, createTraders, startBenchNode} from './lib/node.js'
import {collectGarbage, flag, int, machine, met} from './lib/report.js'
import {Random} from './lib/random.js'
import {productLine} from './lib/product.js'

const TARGET_MS = 5_000
const TICKER = 'BTC-USDT'
/** 30,000.00 USDT in BTC-USDT ticks (0.01). */
const MID = 3_000_000

/** Writes `count` resting orders straight into the orders table, in one transaction. */
function insertOrders(dataDir: string, count: number, accounts: string[]): number {
  const db = new Database(path.join(dataDir, DB_FILE))
  try {
    db.pragma('journal_mode = WAL')
    db.pragma('cache_size = -262144')
    db.pragma('foreign_keys = OFF')
    const insert = db.prepare(
      `INSERT INTO orders (seq, id, account_id, client_order_id, ticker, side, type, time_in_force, post_only, price_ticks,
         qty_lots, filled_lots, held_asset, held, status, reason, created_at, updated_at)
       VALUES (?, ?, ?, NULL, ?, ?, 'limit', 'GTC', 0, ?, ?, ?, ?, ?, ?, NULL, ?, ?)`,
    )
    const rng = new Random(7)
    const first = ((db.prepare('SELECT max(seq) AS seq FROM orders').get() as {seq: number | null}).seq ?? 0) + 1
    const now = new Date().toISOString()
    const started = performance.now()
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const buy = rng.next() < 0.5
        // 1..5,000 ticks away from the mid: bids below, asks above.
        const offset = 1 + rng.int(5_000)
        const price = buy ? MID - offset : MID + offset
        const qty = 1 + rng.int(6) * rng.int(6) * rng.int(6) * 100
        const filled = rng.next() < 0.1 ? rng.int(qty) : 0
        // Holds as the trading service would compute them: quote for bids (price x qty), base for asks.
        const held = buy
          ? (BigInt(price) * 10_000n * BigInt(qty - filled) * 1_000n) / 100_000_000n
          : BigInt(qty - filled) * 1_000n
        insert.run(
          first + i,
          randomUUID(),
          accounts[rng.int(accounts.length)]!,
          TICKER,
          buy ? 'buy' : 'sell',
          price,
          qty,
          filled,
          buy ? 'USDT' : 'BTC',
          held.toString(),
          filled ? 'partial' : 'open',
          now,
          now,
        )
      }
    })()
    db.pragma('wal_checkpoint(TRUNCATE)')
    return performance.now() - started
  } finally {
    db.close()
  }
}

async function main(): Promise<void> {
  const count = Number(flag('orders', '1000000'))
  const accountCount = Number(flag('accounts', '20'))
  console.log(`bench/recovery — ${machine()}`)
  console.log(productLine())
  const dataDir = benchDir('exchange-bench-recovery-')
  try {
    const setup = await startBenchNode(dataDir)
    const accounts = await createTraders(setup, accountCount, {})
    await setup.stop()
    const insertMs = insertOrders(dataDir, count, accounts)
    const size = fs.statSync(path.join(dataDir, DB_FILE)).size
    console.log(
      `setup: ${int(count)} resting orders on ${TICKER} over ${accountCount} accounts inserted through SQL in ${(insertMs / 1000).toFixed(1)} s ` +
        `(one transaction; orders rows only, no ledger holds); store ${int(size / 1e6)} MB`,
    )

    await collectGarbage()
    const started = performance.now()
    const node = await startBenchNode(dataDir)
    const startMs = performance.now() - started
    try {
      const line = node.logs
        .map((l) => JSON.parse(l) as {msg?: string; ms?: number; resting_orders?: number})
        .find((l) => l.msg === 'order books rebuilt')
      const book = node.services.trading.book(TICKER)
      await collectGarbage()
      const again = performance.now()
      const recovered = node.services.trading.recover()
      const recoverMs = performance.now() - again
      console.log(
        `\nstartNode with ${int(line?.resting_orders ?? 0)} resting orders: ${int(startMs)} ms to a running node ` +
          `(${count === 1_000_000 ? `target < ${int(TARGET_MS)} ms: ${met(startMs < TARGET_MS)}` : 'the target is for 1,000,000 orders'}); the node logs ${int(line?.ms ?? NaN)} ms for rebuilding the books (its Date.now clock)` +
          `\ntrading.recover() again on the running node: ${int(recoverMs)} ms for ${int(recovered)} orders` +
          `\nbook after restart: ${int(book.size)} orders, best bid ${book.bestBid()}, best ask ${book.bestAsk()} (ticks)` +
          `\nheap used after the rebuilds: ${int(process.memoryUsage().heapUsed / 1e6)} MB` +
          `\nload average at the end: ${machine().split('load average ')[1]}`,
      )
      if (book.size !== count) process.exitCode = 1
    } finally {
      await node.stop()
    }
  } finally {
    if (process.argv.includes('--keep')) console.log(`kept ${dataDir}`)
    else fs.rmSync(dataDir, {recursive: true, force: true})
  }
}

await main()
