/**
 * bench/durable — commands through the real trading service of an in-process node, each one
 * committed to SQLite (WAL, synchronous=FULL) before it is answered, with the fsync time of the
 * data dir's disk measured beside it.
 *
 *   npm run bench:durable [-- --window 100,1000,5000 --commands 30000 --accounts 50]
 *   npm run bench:durable -- --sql-profile     (time per SQL statement; slows the run, figures not comparable)
 *   npm run bench:durable -- --pragma cache_size=-65536   (what-if: extra PRAGMAs on the node's connection)
 *
 * The load generator is bench/lib/workload.ts (~1,000 resting orders, exchange-core's mix) on
 * TRX-USDT (1 tick = 0.00001 USDT, sizes x 10 TRX to clear the minimum notional): GTC/IOC → `trading.place` (limit, with a client
 * order id), cancel → `trading.cancel` by client order id, move → `trading.cancel` + `trading.place`
 * (two commands: the service has no replace). Commands are issued in windows: a window is submitted
 * in one event-loop turn — the trading service commits a turn's commands in one SQLite transaction
 * (group commit) — and the next window starts when every command of this one is answered. Latency
 * is submit → answer of each command; throughput is commands answered / wall time, for each window
 * size on a continuation of the same workload.
 */
import fs from 'node:fs'
import path from 'node:path'
import type {PlaceInput} from '../src/node/trading/trading.js'
import {Histogram} from './lib/histogram.js'
import {benchDir, createTraders, startBenchNode, type BenchNode} from './lib/node.js'
import {flag, int, machine, met, ns, table} from './lib/report.js'
import {SqlProfile} from './lib/sql-profile.js'
import {generateWorkload, type WorkloadCommand} from './lib/workload.js'

const TARGET = 100_000
const TICKER = 'TRX-USDT'
/** TRX-USDT ticks per USDT. */
const TICKS_PER_UNIT = 100_000
/** Workload sizes (1..126) times 10 TRX, so that price x qty (~1 USDT x qty) clears the 1 USDT minimum notional. */
const LOTS_PER_WORKLOAD_LOT = 10

type Call = {kind: 'place'; accountId: string; input: PlaceInput} | {kind: 'cancel'; accountId: string; clientOrderId: string}

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
    })
  for (const c of commands) {
    const accountId = traders[c.accountId - 1]!
    if (c.kind === 'cancel' || c.kind === 'move') calls.push({kind: 'cancel', accountId, clientOrderId: clientId(c.orderId)})
    if (c.kind === 'move') versions.set(c.orderId, (versions.get(c.orderId) ?? 0) + 1)
    if (c.kind !== 'cancel') place(c, accountId)
  }
  return calls
}

type Drive = {commands: number; seconds: number; transactions: number; errors: number; firstError?: string; latency: Histogram}

/** Issues `calls` in windows of `window` commands; each window waits for every answer of the previous one. */
async function drive(node: BenchNode, calls: Call[], window: number): Promise<Drive> {
  const trading = node.services.trading
  const latency = new Histogram(1_000, 10_000_000)
  let errors = 0
  let firstError: string | undefined
  let transactions = 0
  const started = process.hrtime.bigint()
  for (let from = 0; from < calls.length; from += window) {
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
    await Promise.all(pending)
    transactions++
  }
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
  console.log(`bench/durable — ${machine()}`)
  const dataDir = benchDir('exchange-bench-durable-')
  const node = await startBenchNode(dataDir)
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
    const fill = await drive(node, fillCalls, 1_000)
    console.log(
      `fill: ${int(fill.commands)} orders placed up to ~1,000 resting (${int(fill.commands / fill.seconds)} commands/s)` +
        (fill.errors ? `, ${fill.errors} errors (first: ${fill.firstError})` : ''),
    )

    const profile = process.argv.includes('--sql-profile') ? new SqlProfile() : undefined
    profile?.start()
    const rows: string[][] = []
    let best = 0
    let benchSeconds = 0
    let errors = fill.errors
    for (const [i, window] of windows.entries()) {
      const segment = benchCalls.slice(i * perWindow, (i + 1) * perWindow)
      const result = await drive(node, segment, window)
      errors += result.errors
      benchSeconds += result.seconds
      const rate = result.commands / result.seconds
      best = Math.max(best, rate)
      rows.push([
        int(window),
        int(result.commands),
        int(rate),
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
        table(['window', 'commands', 'commands/s', 'commits/s', 'latency p50', 'latency p99', 'errors'], rows) +
        `\n\nbest: ${int(best)} commands/s committed with synchronous=FULL before acknowledgement ` +
        `(target ≥ ${int(TARGET)}: ${met(best >= TARGET)}); fsync p50 ${ns(fsync.percentile(50))}, fdatasync p50 ${ns(fdatasync.percentile(50))}` +
        `\nresting orders at the end: ${int(resting)}; refused commands: ${errors} (the workload has none: a refusal means it diverged)` +
        `\nload average at the end: ${machine().split('load average ')[1]}`,
    )
    if (errors) process.exitCode = 1
  } finally {
    await node.stop()
    fs.rmSync(dataDir, {recursive: true, force: true})
  }
}

await main()
