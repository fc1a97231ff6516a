/**
 * bench/durable — commands through the real trading service of an in-process node, each one
 * committed to SQLite (WAL, synchronous=FULL) before it is answered, with the fsync time of the
 * data dir's disk measured beside it.
 *
 *   npm run bench:durable [-- --window 100,1000,5000 --commands 30000 --accounts 50 --in-flight 2]
 *   npm run bench:durable -- --sql-profile     (time per SQL statement; slows the run, figures not comparable)
 *   npm run bench:durable -- --pragma cache_size=-65536   (what-if: extra PRAGMAs on the node's connection)
 *
 * The load generator is bench/lib/workload.ts (~1,000 resting orders, exchange-core's mix) on
 * TRX-USDT (1 tick = 0.00001 USDT, sizes x 10 TRX to clear the minimum notional): GTC/IOC → `trading.place` (limit, with a client
 * order id), cancel → `trading.cancel` by client order id, move → `trading.cancel` + `trading.place`
 * (two commands: the service has no replace). Commands are issued in windows: a window is submitted
 * in one event-loop turn — the trading service commits a turn's commands in one SQLite transaction
 * (group commit) — and at most `--in-flight` windows (2) are unanswered at once: the next starts when
 * every command of the oldest is answered, so one window is matched while the one before commits on
 * the writer thread, as under many clients (`--in-flight 1`: strictly one after another). Latency
 * is submit → answer of each command; throughput is commands answered / wall time, for each window
 * size on a continuation of the same workload.
 *
 * Beside each window, in the same run, a plain-SQLite floor (bench/lib/floor.ts): the same number of
 * commands in the same windows, each writing only one row of the node's `orders` table and one
 * balance UPDATE through prepared statements, on a fresh file in a temp dir like the node's (WAL,
 * synchronous=FULL), one transaction per window. Targets (issue 11): node ≥ 50% of the floor and
 * node ≥ 80,000 commands/s.
 */
import fs from 'node:fs'
import path from 'node:path'
import type {PlaceInput} from '../src/node/trading/trading.js'
import {Histogram} from './lib/histogram.js'
import {SqliteFloor, type FloorCommand} from './lib/floor.js'
import {benchDir, createTraders, startBenchNode, type BenchNode} from './lib/node.js'
import {flag, int, machine, met, ns, pct, table} from './lib/report.js'
import {SqlProfile} from './lib/sql-profile.js'
import {generateWorkload, type WorkloadCommand} from './lib/workload.js'
import {productLine} from './lib/product.js'

const TARGET = 80_000
/** The node's commands/s over the plain-SQLite floor's, same windows, same run. */
const TARGET_OF_FLOOR = 0.5
const TICKER = 'TRX-USDT'
/** TRX-USDT ticks per USDT. */
const TICKS_PER_UNIT = 100_000
/** Workload sizes (1..126) times 10 TRX, so that price x qty (~1 USDT x qty) clears the 1 USDT minimum notional. */
const LOTS_PER_WORKLOAD_LOT = 10
/** The workload's default start price in ticks (1 USDT): a cancel's order row in the floor uses it. */
const START_PRICE = 100_000

type Call = (
  {kind: 'place'; accountId: string; input: PlaceInput} | {kind: 'cancel'; accountId: string; clientOrderId: string}
) & {
  /** The same command for the plain-SQLite floor. */
  floor: FloorCommand
}

/** Workload commands as service calls; a moved order gets a new client order id each time (ids are unique per account). */
function toCalls(commands: WorkloadCommand[], traders: string[], versions: Map<number, number>): Call[] {
  const calls: Call[] = []
  const clientId = (orderId: number) => `o${orderId}v${versions.get(orderId) ?? 0}`
  const place = (c: Exclude<WorkloadCommand, {kind: 'cancel'}>, accountId: string) =>
    calls.push({
      kind: 'place',
      accountId,
      input: {
        ticker: TICKER,
        side: c.side,
        type: 'limit',
        price: (c.price / TICKS_PER_UNIT).toFixed(5),
        qty: String(c.qty * LOTS_PER_WORKLOAD_LOT),
        timeInForce: c.kind === 'ioc' ? 'IOC' : 'GTC',
        clientOrderId: clientId(c.orderId),
      },
      floor: floorCommand(accountId, c.side, c.kind, c.price, c.qty),
    })
  for (const c of commands) {
    const accountId = traders[c.accountId - 1]!
    if (c.kind === 'cancel' || c.kind === 'move') {
      const floor = floorCommand(
        accountId,
        c.side,
        'gtc',
        c.kind === 'move' ? c.price : START_PRICE,
        c.kind === 'move' ? c.qty : 1,
      )
      calls.push({kind: 'cancel', accountId, clientOrderId: clientId(c.orderId), floor})
    }
    if (c.kind === 'move') versions.set(c.orderId, (versions.get(c.orderId) ?? 0) + 1)
    if (c.kind !== 'cancel') place(c, accountId)
  }
  return calls
}

/**
 * What the floor writes for one call: an order row with the call's account, side and terms (a
 * cancel writes one too: the cancelled order's side, at the workload's start price or, for the
 * cancel of a move, the move's new terms), and a hold moved between available and locked (USDT for
 * a buy, TRX for a sell).
 */
function floorCommand(accountId: string, side: 'buy' | 'sell', kind: string, price: number, qty: number): FloorCommand {
  const qtyLots = qty * LOTS_PER_WORKLOAD_LOT
  return {
    accountId,
    side,
    timeInForce: kind === 'ioc' ? 'IOC' : 'GTC',
    priceTicks: price,
    qtyLots,
    heldAsset: side === 'buy' ? 'USDT' : 'TRX',
    held: side === 'buy' ? BigInt(price) * BigInt(qtyLots) * 10n : BigInt(qtyLots) * 1_000_000n,
  }
}

type Drive = {commands: number; seconds: number; transactions: number; errors: number; firstError?: string; latency: Histogram}

/** Issues `calls` in windows of `window` commands; each window waits for every answer of the previous one. */
async function drive(node: BenchNode, calls: Call[], window: number, inFlight: number): Promise<Drive> {
  const trading = node.services.trading
  const latency = new Histogram(1_000, 10_000_000)
  let errors = 0
  let firstError: string | undefined
  let transactions = 0
  const windows: Promise<unknown>[] = []
  const started = process.hrtime.bigint()
  for (let from = 0; from < calls.length; from += window) {
    // At most `inFlight` windows unanswered: the next one waits for the oldest.
    if (windows.length >= inFlight) await windows.shift()
    const to = Math.min(from + window, calls.length)
    const submitted = process.hrtime.bigint()
    const answered = (): void => latency.record(Number(process.hrtime.bigint() - submitted))
    const failed = (error: unknown): void => {
      answered()
      errors++
      firstError ??= error instanceof Error ? error.message : String(error)
    }
    const pending: Promise<unknown>[] = []
    for (let i = from; i < to; i++) {
      const call = calls[i]!
      try {
        const promise =
          call.kind === 'place'
            ? trading.place(call.accountId, call.input)
            : trading.cancel(call.accountId, {clientOrderId: call.clientOrderId})
        pending.push(promise.then(answered, failed))
      } catch (error) {
        failed(error)
      }
    }
    windows.push(Promise.all(pending))
    transactions++
    // The next window is its own event-loop turn, so its own batch.
    await new Promise((resolve) => setImmediate(resolve))
  }
  await Promise.all(windows)
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  return {commands: calls.length, seconds, transactions, errors, firstError, latency}
}

/** fsync / fdatasync of a 4 KiB append to a file in `dir` (SQLite's WAL commit is an append then a sync). */
function measureFsync(dir: string, rounds = 200): {fsync: Histogram; fdatasync: Histogram} {
  const file = path.join(dir, 'fsync-probe')
  const fd = fs.openSync(file, 'w')
  const block = Buffer.alloc(4096, 1)
  const fsync = new Histogram(1_000, 10_000_000)
  const fdatasync = new Histogram(1_000, 10_000_000)
  try {
    for (let i = 0; i < rounds; i++) {
      fs.writeSync(fd, block)
      const t0 = process.hrtime.bigint()
      fs.fsyncSync(fd)
      fsync.record(Number(process.hrtime.bigint() - t0))
      fs.writeSync(fd, block)
      const t1 = process.hrtime.bigint()
      fs.fdatasyncSync(fd)
      fdatasync.record(Number(process.hrtime.bigint() - t1))
    }
  } finally {
    fs.closeSync(fd)
    fs.rmSync(file, {force: true})
  }
  return {fsync, fdatasync}
}

async function main(): Promise<void> {
  const windows = flag('window', '100,1000,5000').split(',').map(Number)
  const perWindow = Number(flag('commands', '30000'))
  const accountCount = Number(flag('accounts', '50'))
  const inFlight = Number(flag('in-flight', '2'))
  console.log(`bench/durable — ${machine()}`)
  console.log(productLine())
  const dataDir = benchDir('exchange-bench-durable-')
  const node = await startBenchNode(dataDir)
  const floorDir = benchDir('exchange-bench-floor-')
  let floor: SqliteFloor | undefined
  try {
    const pragma = (name: string) => String(node.services.db.pragma(name, {simple: true}))
    for (const extra of flag('pragma', '').split(',').filter(Boolean)) {
      node.services.db.pragma(extra)
      console.log(`what-if: PRAGMA ${extra} applied to the node's connection (not the node's configuration)`)
    }
    console.log(
      `store: ${path.join(dataDir, 'exchange.db')}, journal_mode=${pragma('journal_mode')}, synchronous=${pragma('synchronous')} (2 = FULL)`,
    )
    const {fsync, fdatasync} = measureFsync(dataDir)
    console.log(
      `disk: fsync of a 4 KiB append in the data dir p50 ${ns(fsync.percentile(50))}, p99 ${ns(fsync.percentile(99))}; ` +
        `fdatasync p50 ${ns(fdatasync.percentile(50))}, p99 ${ns(fdatasync.percentile(99))} ` +
        `(at most ${int(1e9 / fdatasync.percentile(50))} commits/s if each waits for one)`,
    )

    // A move is two service calls: generate enough workload commands for perWindow calls per window.
    const workload = generateWorkload({
      targetOrders: 1_000,
      commands: Math.ceil((perWindow * windows.length) / 1.8),
      accounts: accountCount,
      priceDeviation: 200,
    })
    const traders = await createTraders(node, accountCount, {USDT: '1000000000', TRX: '1000000000'})
    const versions = new Map<number, number>()
    const fillCalls = toCalls(workload.fill, traders, versions)
    const benchCalls = toCalls(workload.bench, traders, versions)
    floor = new SqliteFloor(floorDir, TICKER, traders, {USDT: 10n ** 24n, TRX: 10n ** 24n})
    const fill = await drive(node, fillCalls, 1_000, 1)
    // The floor's table gets the fill's rows too (untimed), so both stores start the windows alike.
    floor.run(
      fillCalls.map((call) => call.floor),
      1_000,
    )
    console.log(
      `fill: ${int(fill.commands)} orders placed up to ~1,000 resting (${int(fill.commands / fill.seconds)} commands/s)` +
        (fill.errors ? `, ${fill.errors} errors (first: ${fill.firstError})` : ''),
    )

    const profile = process.argv.includes('--sql-profile') ? new SqlProfile() : undefined
    profile?.start()
    const rows: string[][] = []
    let best = {rate: 0, floorRate: 0, window: 0}
    let benchSeconds = 0
    let errors = fill.errors
    for (const [i, window] of windows.entries()) {
      const segment = benchCalls.slice(i * perWindow, (i + 1) * perWindow)
      const result = await drive(node, segment, window, inFlight)
      errors += result.errors
      benchSeconds += result.seconds
      const rate = result.commands / result.seconds
      // The floor, same commands and windows, right after the node's window (not profiled).
      profile?.stop()
      const floorRun = floor.run(
        segment.map((call) => call.floor),
        window,
      )
      profile?.start()
      const floorRate = floorRun.commands / floorRun.seconds
      if (rate > best.rate) best = {rate, floorRate, window}
      rows.push([
        int(window),
        int(result.commands),
        int(floorRate),
        int(rate),
        pct(rate, floorRate),
        met(rate >= TARGET_OF_FLOOR * floorRate),
        met(rate >= TARGET),
        int(result.transactions / result.seconds),
        ns(result.latency.percentile(50)),
        ns(result.latency.percentile(99)),
        int(result.errors),
      ])
      if (result.firstError) console.log(`window ${window}: first error: ${result.firstError}`)
    }
    profile?.stop()
    if (profile) {
      const commands = Math.min(benchCalls.length, perWindow * windows.length)
      const {rows: sqlRows, totalNs} = profile.top(commands)
      console.log(
        `\nSQL statements (--sql-profile): ${ns(totalNs / commands)} of statements per command, of ${ns((benchSeconds * 1e9) / commands)} wall time per command\n` +
          table(['statement', 'calls/cmd', 'µs/call', 'µs/cmd', 'share'], sqlRows),
      )
    }
    const resting = node.services.trading.book(TICKER).size
    console.log(
      '\n' +
        table(
          [
            'window',
            'commands',
            'floor cmd/s',
            'node cmd/s',
            'node/floor',
            `≥ ${TARGET_OF_FLOOR * 100}% floor`,
            `≥ ${int(TARGET)}/s`,
            'node commits/s',
            'latency p50',
            'latency p99',
            'errors',
          ],
          rows,
        ) +
        `\n\nfloor: plain prepared statements on a fresh file (${floor.file}), ${floor.settings()}, ` +
        `per command 1 orders row (the node's schema and indexes) + 1 balances UPDATE, one transaction per window` +
        `\nbest node window (${int(best.window)}): ${int(best.rate)} commands/s committed with synchronous=FULL before acknowledgement ` +
        `(target ≥ ${int(TARGET)}: ${met(best.rate >= TARGET)}), ${pct(best.rate, best.floorRate)} of the floor's ${int(best.floorRate)} ` +
        `in the same window (target ≥ ${TARGET_OF_FLOOR * 100}%: ${met(best.rate >= TARGET_OF_FLOOR * best.floorRate)})` +
        `\ndisk: fsync p50 ${ns(fsync.percentile(50))}, fdatasync p50 ${ns(fdatasync.percentile(50))}` +
        `\nresting orders at the end: ${int(resting)}; refused commands: ${errors} (the workload has none: a refusal means it diverged)` +
        `\nload average at the end: ${machine().split('load average ')[1]}`,
    )
    if (errors) process.exitCode = 1
  } finally {
    await node.stop()
    fs.rmSync(dataDir, {recursive: true, force: true})
    floor?.close()
    fs.rmSync(floorDir, {recursive: true, force: true})
  }
}

await main()
