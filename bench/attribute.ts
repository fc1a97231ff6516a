/**
 * bench/attribute — where each µs of the node's CPU goes per signed `POST /api/v1/orders/place/`.
 *
 *   npm run bench:attribute [-- --duration 10 --connections 50 --accounts 16 --top 30 --stub-trading]
 *
 * The node runs in a child process under --cpu-prof (every thread writes a profile), with SQLite's
 * statements wrapped in named frames (bench/lib-net/sql-frames.ts); the bench/rest order flow is
 * fired at it for `duration` s after a 3 s warm-up. Every main-thread sample inside the measured
 * window is charged to one bucket (bench/lib-net/attribution.ts: SQLite, the trading path, then
 * Node HTTP/net, Koa + router, auth, body/JSON, rate limits, ...) and divided by the requests
 * answered. The table's "CPU µs/req" scales each bucket's share of the sampled busy time to the
 * main thread's CPU time (/proc: the kernel's count, which leaves out time spent waiting for a core
 * or for an fsync); "sampled µs/req" is the profile's own wall time between samples, which counts
 * both. Below it: the CPU per request of every thread of the process (/proc, by thread name; each
 * worker thread by its module, recorded as it starts: bench/lib-net/worker-tids.ts), so work moved
 * to a worker thread (the writer thread, the WAL checkpointer) shows with its cost, and each worker
 * thread's profile (sampled busy µs per request, its SQLite share, its hottest functions). Worker
 * threads load their own better-sqlite3, which the statement wrappers do not reach (a `--import`
 * preload does not run in workers on Node 20): there only better-sqlite3's JavaScript (`pragma`,
 * `exec`, the transaction wrapper) counts as SQLite, and a statement's time is the self time of the
 * function that ran it, listed among the hottest. The same client is then fired at the bare Koa
 * hello-world of bench/rest for its CPU per request.
 *
 * --stub-trading answers every order but the first with the first one's result one loop turn later
 * (bench/lib-net/node-main.ts): no matching, no commit, no fsync, so what is left is everything
 * around the trading path. --top N lists the N hottest functions outside trading and SQLite.
 *
 * Both processes read CLOCK_MONOTONIC (V8's profiler clock and process.hrtime), so the window is cut
 * on the samples' own timestamps.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  attribute,
  BUCKETS,
  busy,
  cpuByThreadName,
  loadProfiles,
  PROFILER_THREAD,
  SQLITE,
  threadCpu,
  threadLabel,
  TRADING,
} from './lib-net/attribution.js'
import {fire} from './lib-net/cannon.js'
import {startChild, startNodeProcess, UNLIMITED_RATES} from './lib-net/child.js'
import {OrderFlow} from './lib-net/order-flow.js'
import {seedTraders} from './lib-net/seed.js'
import {flag, int, machine, table} from './lib-net/stats.js'
import {readWorkerTids} from './lib-net/worker-tids.js'
import {productLine} from './lib/product.js'

const durationSec = Number(flag('duration', '10'))
const connections = Number(flag('connections', '50'))
const accounts = Number(flag('accounts', '16'))
const top = Number(flag('top', '0'))
const stubTrading = flag('stub-trading', 'false') === 'true'
const warmupSec = 3

type Window = {
  from: number
  to: number
  count: number
  ok: number
  seconds: number
  threads: Map<string, {threads: number; seconds: number}>
}

console.log(`bench/attribute — ${machine()}`)

console.log(productLine())
console.log(
  `POST /api/v1/orders/place/ signed, ${connections} connections, ${durationSec} s measured after ${warmupSec} s warm-up, ${accounts} accounts` +
    (stubTrading ? '; --stub-trading: trading.place answered from the first result, no matching or commit' : ''),
)

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-attr-'))
const nodeDir = path.join(dir, 'node')
const koaDir = path.join(dir, 'koa')

const workerTids = path.join(dir, 'worker-tids.jsonl')
const node = await startNodeProcess(
  {rateLimits: UNLIMITED_RATES},
  {
    cpuProfDir: nodeDir,
    env: {BENCH_NODE_SQL_FRAMES: '1', BENCH_WORKER_TIDS: workerTids, ...(stubTrading ? {BENCH_NODE_STUB_TRADING: '1'} : {})},
  },
)
const traders = await seedTraders(node.grpcAddress, accounts, {USDT: '1000000000', BTC: '100000'})
const flow = new OrderFlow(traders, undefined, 7)
await fire({url: node.httpUrl, connections, durationSec: warmupSec, next: () => flow.next()})
const nodeWindow = await measured(node.httpUrl, node.child.pid!, workerTids)
await node.close()

const koa = await startChild({entry: 'koa-hello.ts', readyMsg: 'koa started', cpuProfDir: koaDir})
const koaUrl = `http://127.0.0.1:${koa.ports.http}`
await fire({url: koaUrl, connections, durationSec: warmupSec, next: () => flow.next()})
const koaWindow = await measured(koaUrl, koa.child.pid!)
await koa.stop()

const [nodeMain, ...nodeWorkers] = loadProfiles(nodeDir)
const [koaMain] = loadProfiles(koaDir)
const main = attribute(nodeMain!.profile, nodeWindow.from, nodeWindow.to)
const koaParts = attribute(koaMain!.profile, koaWindow.from, koaWindow.to)

const n = nodeWindow.count
const perReq = (us: number, count = n) => (us / count).toFixed(1)
const mainCpuUs = (nodeWindow.threads.get('main thread')?.seconds ?? 0) * 1e6
const processCpuUs = sumSeconds(nodeWindow.threads) * 1e6
const profilerCpuUs = (nodeWindow.threads.get(PROFILER_THREAD)?.seconds ?? 0) * 1e6
const mainBusy = busy(main.buckets)
const cpuOf = (us: number) => perReq((us / mainBusy) * mainCpuUs)

console.log(
  `\nnode: ${int(n)} requests (${int(nodeWindow.ok)} 2xx) in ${nodeWindow.seconds.toFixed(1)} s, ${int(n / nodeWindow.seconds)} req/s; ` +
    `koa: ${int(koaWindow.count)} in ${koaWindow.seconds.toFixed(1)} s\n`,
)
const rows = BUCKETS.map((name) => {
  const us = main.buckets.get(name) ?? 0
  return [name, cpuOf(us), perReq(us), `${((100 * us) / mainBusy).toFixed(1)}%`]
})
rows.push(['total, main thread', perReq(mainCpuUs), perReq(mainBusy), '100.0%'])
console.log('node main thread, per request')
console.log(table(['bucket', 'CPU µs/req', 'sampled µs/req', 'share'], rows))
const trading = (main.buckets.get(TRADING) ?? 0) + main.sqliteUnderTrading
console.log(
  `\nmain thread outside trading.place + commit (and its SQLite): ${cpuOf(mainBusy - trading)} µs/req CPU; ` +
    `SQLite on the main thread, all callers: ${cpuOf(main.buckets.get(SQLITE) ?? 0)} µs/req`,
)

console.log('\nnode process CPU per request, by thread (/proc; V8 and libuv helpers are named by the kernel)')
console.log(
  table(
    ['thread', 'threads', 'CPU µs/req', 'share'],
    [...nodeWindow.threads.entries()]
      .filter(([, t]) => t.seconds > 0)
      .sort((a, b) => b[1].seconds - a[1].seconds)
      .map(([name, t]) => [
        name,
        String(t.threads),
        perReq(t.seconds * 1e6),
        `${((100 * t.seconds * 1e6) / processCpuUs).toFixed(1)}%`,
      ])
      .concat([['total, process', String(sumThreads(nodeWindow.threads)), perReq(processCpuUs), '100.0%']]),
  ),
)
console.log(
  `node CPU per request: main thread ${perReq(mainCpuUs)} µs, whole process ${perReq(processCpuUs - profilerCpuUs)} µs ` +
    `(the profiler's own threads left out)`,
)

const workerRows = nodeWorkers
  .map((worker) => ({worker, parts: attribute(worker.profile, nodeWindow.from, nodeWindow.to)}))
  .filter(({parts}) => busy(parts.buckets) / n >= 0.05)
if (workerRows.length) {
  console.log('\nworker threads (their own profiles: sampled busy time in the window, fsync waits included)')
  console.log(
    table(
      ['thread', 'runs', 'busy µs/req', 'SQLite µs/req (JS frames)', 'hottest functions (self µs/req)'],
      workerRows.map(({worker, parts}) => [
        String(worker.threadId),
        threadLabel(worker.profile),
        perReq(busy(parts.buckets)),
        perReq(parts.buckets.get(SQLITE) ?? 0),
        hottest(parts.self, 3),
      ]),
    ),
  )
} else {
  console.log('\nworker threads: none busy in the window (≥ 0.05 µs/req sampled)')
}

const koaCpuUs = sumSeconds(koaWindow.threads) * 1e6
console.log(
  `\nkoa hello-world: ${perReq((koaWindow.threads.get('main thread')?.seconds ?? 0) * 1e6, koaWindow.count)} µs/req main-thread CPU, ` +
    `${perReq(koaCpuUs, koaWindow.count)} process CPU (sampled busy ${perReq(busy(koaParts.buckets), koaWindow.count)})`,
)
if (top > 0) {
  console.log(`\nnode main thread, outside trading and SQLite: top ${top} functions by self time (CPU µs/req)`)
  const hot = [...main.hot.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)
  console.log(
    table(
      ['function', 'CPU µs/req'],
      hot.map(([name, us]) => [name, cpuOf(us)]),
    ),
  )
}
console.log(`\nprofiles: ${dir}`)

async function measured(url: string, pid: number, tidsFile?: string): Promise<Window> {
  const before = threadCpu(pid)
  const from = Number(process.hrtime.bigint() / 1000n)
  const result = await fire({url, connections, durationSec, next: () => flow.next()})
  const to = Number(process.hrtime.bigint() / 1000n)
  const threads = cpuByThreadName(pid, before, threadCpu(pid), tidsFile ? readWorkerTids(tidsFile) : undefined)
  return {from, to, count: result.completed, ok: result.ok, seconds: (to - from) / 1e6, threads}
}

function sumSeconds(threads: Map<string, {seconds: number}>): number {
  let sum = 0
  for (const t of threads.values()) sum += t.seconds
  return sum
}

function sumThreads(threads: Map<string, {threads: number}>): number {
  let sum = 0
  for (const t of threads.values()) sum += t.threads
  return sum
}

function hottest(self: Map<string, number>, count: number): string {
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => `${name} ${perReq(us)}`)
    .join('; ')
}
