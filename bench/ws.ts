/**
 * bench/ws — WebSocket fan-out: 1,000 subscribers to the orderbook and trades streams of a node
 * under trade load; messages delivered per second across all clients and publish-to-receive latency.
 *
 *   npm run bench:ws [-- --runs 3 --duration 10 --subscribers 1000 --trades-share 0.5 --rate 2000
 *                       --ticker BTC-USDT --client-threads 1 --client raw --profile]
 *   npm run bench:ws -- --rate 60      (a rate the node sustains: latency without a backlog)
 *   npm run bench:ws -- --node-log debug "--node-flags=--import ./diag.mjs"   (diagnosis)
 *
 * The default rate is what the target needs: 2,000 trades/s × 500 trades subscribers = 1,000,000
 * messages/s (+ 500 × 10 book snapshots/s). Above what the node sustains, the generator falls
 * behind (it never submits more than 50 ms of orders in one turn) and latency is that of a backlog.
 *
 * The node runs in a child process (bench/lib-net/node-main.ts), fresh for every run; traders are
 * seeded over the admin gRPC API. Trades are driven by the in-node generator
 * (bench/lib-net/trade-load.ts) through the real trading service — validation, holds, matching,
 * ledger settlement, group commit with synchronous=FULL, then the `committed` event that feeds the
 * streams: `--rate` taker IOC orders per second against large resting makers, so each is one trade
 * and each changes the top of the book. The subscribers (bench/lib-net/ws-clients.ts) run in
 * `--client-threads` worker threads of this process: `subscribers × (1 − trades-share)` orderbook
 * sockets (depth 20) and the rest on trades, all on `--ticker`. Each subscriber JSON.parses every
 * message it counts; `--client raw` (default) reads frames with bench/lib-net/ws-raw.ts, `--client ws`
 * with the `ws` library's client.
 *
 * Latency: receive time minus the message's own time — `executed_at` of a trade (taken when it
 * executes, before its batch commits: so this includes the commit), `timestamp` of a book snapshot
 * (taken when it is flushed). Whole ms, ±1 ms. The node side also records, per trade, executed_at →
 * its batch's `committed` event, printed as "executed → committed": the part of the trades latency
 * spent before the streams have the trade.
 *
 * Each run: 3 s warm-up, then `duration` s measured. Printed per run and as best/median: delivered
 * messages/s (all, trades, orderbook), trades/s committed, delivery ratio (received / published ×
 * subscribers), p50/p99/max latency, dropped sockets, node CPU and event-loop utilisation, and the
 * CPU of this process (the client threads: which side is the bottleneck).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {startNodeProcess, UNLIMITED_RATES, type BenchNodeProcess} from './lib-net/child.js'
import {summarizeProfile} from './lib-net/profile.js'
import {seedTraders} from './lib-net/seed.js'
import {Buckets, flag, int, machine, median, met, ms, runColumns, table} from './lib-net/stats.js'
import type {LoadSpec, LoadStats} from './lib-net/trade-load.js'
import type {ClientKind} from './lib-net/ws-protocol.js'
import {SubscriberPool, type PoolReport} from './lib-net/ws-pool.js'
import {productLine} from './lib/product.js'

const TARGET_MPS = 1_000_000
const TARGET_P99_MS = 50

const runs = Number(flag('runs', '3'))
const durationSec = Number(flag('duration', '10'))
const warmupSec = Number(flag('warmup', '3'))
const subscribers = Number(flag('subscribers', '1000'))
const tradesShare = Number(flag('trades-share', '0.5'))
const rate = Number(flag('rate', '2000'))
const tickMs = Number(flag('tick', '5'))
const ticker = flag('ticker', 'BTC-USDT')
const clientThreads = Number(flag('client-threads', '1'))
/** `raw` (bench/lib-net/ws-raw.ts) or `ws` (the ws library's client); both JSON.parse every message. */
const client = flag('client', 'raw') as ClientKind
const profile = flag('profile', 'false') === 'true'
/** `debug` also counts the node's per-socket error lines (diagnosis; slows the node). */
const nodeLog = flag('node-log', 'info')
/** Extra node flags for the node child, space-separated (diagnosis). */
const nodeFlags = flag('node-flags', '').split(' ').filter(Boolean)
const tradeSubscribers = Math.round(subscribers * tradesShare)
const bookSubscribers = subscribers - tradeSubscribers

type NodeStats = {
  stats?: LoadStats
  cpu: {user: number; system: number}
  elu: {idle: number; active: number; utilization: number}
}

type Run = {
  mps: number
  tradeMps: number
  bookMps: number
  tradesPerSec: number
  delivery: number
  p50: number
  p99: number
  max: number
  tradeP99: number
  bookP99: number
  dropped: number
  nodeCpu: number
  nodeElu: number
  clientCpu: number
  clientElu: number
  commitP50: number
  commitP99: number
}

console.log(`bench/ws — ${machine()}`)

console.log(productLine())
console.log(
  `${subscribers} subscribers (${bookSubscribers} orderbook depth 20, ${tradeSubscribers} trades) on ${ticker}; ` +
    `${int(rate)} taker orders/s offered (tick ${tickMs} ms); ${clientThreads} ${client} client thread(s); ${durationSec} s per run, ${runs} runs`,
)

const results: Run[] = []
let profileDir: string | undefined
for (let i = 0; i < runs; i++) {
  const profiled = profile && i === runs - 1
  if (profiled) profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ws-prof-'))
  const node = await startNodeProcess(
    // Every subscriber connects from 127.0.0.1: the per-IP cap (100 by default) would refuse the 101st.
    {rateLimits: UNLIMITED_RATES, wsLimits: {maxConnections: 10_000, maxConnectionsPerIp: 10_000}},
    {
      cpuProfDir: profiled ? profileDir : undefined,
      logLevel: nodeLog,
      nodeFlags,
    },
  )
  let pool: SubscriberPool | undefined
  try {
    const traders = await seedTraders(node.grpcAddress, 12, {USDT: '10000000000', BTC: '1000000'})
    pool = await SubscriberPool.open({
      httpPort: node.ports.http,
      ticker,
      orderbook: bookSubscribers,
      trades: tradeSubscribers,
      depth: 20,
      threads: clientThreads,
      client,
    })
    const makers = traders.slice(0, 4).map((t) => t.accountId)
    const takers = traders.slice(4).map((t) => t.accountId)
    const spec: LoadSpec = {
      ticker,
      makers,
      takers,
      tradesPerSecond: rate,
      tickMs,
      mid: '30000',
      step: '0.5',
      levels: 10,
      makerQty: '100',
      takerQty: '0.0001',
      takerLots: 5,
    }
    node.send({type: 'load', spec})
    await sleep(warmupSec * 1000)
    const before = await nodeStats(node)
    pool.reset()
    const clientBefore = process.cpuUsage()
    const t0 = performance.now()
    await sleep(durationSec * 1000)
    // All three ends of the window at once: a backlogged client thread answers `report` late.
    const clientCpu = cpuShare(process.cpuUsage(clientBefore), performance.now() - t0)
    const [report, after] = await Promise.all([pool.report(), nodeStats(node)])
    node.send({type: 'load-stop'})
    await node.receive('load-stopped')
    const run = summarize(report, before, after, node, clientCpu)
    results.push(run)
    if (nodeLog === 'debug')
      console.log(`node: ${node.count('ws socket error')} "ws socket error" lines`, node.sample('ws socket error'))
    console.log(
      `run ${i + 1}: ${int(run.mps)} msg/s delivered (trades ${int(run.tradeMps)}, orderbook ${int(run.bookMps)}); ` +
        `${int(run.tradesPerSec)} trades/s committed; delivery ${(100 * run.delivery).toFixed(1)}%; ` +
        `latency p50 ${ms(run.p50)}, p99 ${ms(run.p99)} (trades ${ms(run.tradeP99)}, book ${ms(run.bookP99)}), max ${ms(run.max)}; ` +
        `executed → committed p50 ${ms(run.commitP50)}, p99 ${ms(run.commitP99)}; ` +
        `dropped ${run.dropped}, open ${report.open}, client errors ${report.errors}; node CPU ${(100 * run.nodeCpu).toFixed(0)}%, event loop ${(100 * run.nodeElu).toFixed(0)}% busy; ` +
        `client CPU ${(100 * run.clientCpu).toFixed(0)}%, client threads ${(100 * run.clientElu).toFixed(0)}% busy; ` +
        `CPU per trade (node) ${int((1e6 * run.nodeCpu) / run.tradesPerSec)} µs, per message (client) ${((1e6 * run.clientCpu) / run.mps).toFixed(2)} µs`,
    )
  } finally {
    // The node first: it closes its sockets itself (1001) instead of writing into ones the clients
    // dropped (EPIPE, each an Error with a source-mapped stack: seconds of CPU in a profile).
    await node.close()
    await pool?.close()
  }
}

const col = (pick: (r: Run) => number, higher: boolean | undefined, fmt: (n: number) => string) =>
  runColumns(results, pick, higher, fmt)
const pctFmt = (n: number) => `${(100 * n).toFixed(1)}%`
const us = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} µs`
console.log()
console.log(
  table(
    ['figure', 'best', 'median', 'runs'],
    [
      ['messages/s delivered', ...col((r) => r.mps, true, int)],
      ['  trades messages/s', ...col((r) => r.tradeMps, true, int)],
      ['  orderbook messages/s', ...col((r) => r.bookMps, true, int)],
      ['trades/s committed', ...col((r) => r.tradesPerSec, true, int)],
      ['delivery (received / expected)', ...col((r) => r.delivery, true, pctFmt)],
      ['latency p50', ...col((r) => r.p50, false, ms)],
      ['latency p99', ...col((r) => r.p99, false, ms)],
      ['  trades p99', ...col((r) => r.tradeP99, false, ms)],
      ['  orderbook p99', ...col((r) => r.bookP99, false, ms)],
      ['latency max', ...col((r) => r.max, false, ms)],
      ['  of which executed → committed p50', ...col((r) => r.commitP50, false, ms)],
      ['  of which executed → committed p99', ...col((r) => r.commitP99, false, ms)],
      ['dropped sockets', ...col((r) => r.dropped, false, int)],
      ['node CPU (of one core)', ...col((r) => r.nodeCpu, undefined, pctFmt)],
      ['node event loop busy', ...col((r) => r.nodeElu, undefined, pctFmt)],
      ['client process CPU (of one core)', ...col((r) => r.clientCpu, undefined, pctFmt)],
      ['client threads busy (mean)', ...col((r) => r.clientElu, undefined, pctFmt)],
      ['node CPU µs per trade committed', ...col((r) => (1e6 * r.nodeCpu) / r.tradesPerSec, false, us)],
      ['client CPU µs per message delivered', ...col((r) => (1e6 * r.clientCpu) / r.mps, false, us)],
    ],
  ),
)
const medMps = median(results.map((r) => r.mps))
const medP99 = median(results.map((r) => r.p99))
console.log()
console.log(`target ≥ ${int(TARGET_MPS)} messages/s delivered: ${met(medMps >= TARGET_MPS)} (median ${int(medMps)})`)
// No message, no latency: a run that delivered nothing cannot meet the latency target.
console.log(
  `target p99 publish-to-receive < ${TARGET_P99_MS} ms: ${met(medMps > 0 && medP99 < TARGET_P99_MS)} (median ${ms(medP99)})`,
)

if (profileDir) {
  const file = fs
    .readdirSync(profileDir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort((a, b) => fs.statSync(path.join(profileDir!, b)).size - fs.statSync(path.join(profileDir!, a)).size)[0]
  if (file) {
    console.log(`\nCPU profile of the node child (last run): ${path.join(profileDir, file)}`)
    console.log(summarizeProfile(path.join(profileDir, file)))
  }
}

function summarize(report: PoolReport, before: NodeStats, after: NodeStats, node: BenchNodeProcess, clientCpu: number): Run {
  const published = (after.stats?.trades ?? 0) - (before.stats?.trades ?? 0)
  const nodeSec = ((after.stats?.ms ?? 0) - (before.stats?.ms ?? 0)) / 1000
  const cpu = (after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system) / 1e6 / nodeSec
  const active = after.elu.active - before.elu.active
  const idle = after.elu.idle - before.elu.idle
  // Each trade goes to every trades subscriber (one ticker).
  const expected = published * tradeSubscribers
  return {
    mps: (report.tradeMessages + report.bookMessages) / report.windowSec,
    tradeMps: report.tradeMessages / report.windowSec,
    bookMps: report.bookMessages / report.windowSec,
    tradesPerSec: published / nodeSec,
    delivery: expected ? report.tradeMessages / expected : 0,
    p50: report.all.percentile(50),
    p99: report.all.percentile(99),
    max: report.all.max,
    tradeP99: report.trades.percentile(99),
    bookP99: report.book.percentile(99),
    dropped: Math.max(report.dropped, node.count('ws client too slow; dropped')),
    nodeCpu: cpu,
    nodeElu: active / (active + idle),
    clientCpu,
    clientElu: report.elu.reduce((a, b) => a + b, 0) / report.elu.length,
    ...commitLatency(before, after),
  }
}

/** executed_at → committed, per trade, over the window (the node's cumulative histogram, differenced). */
function commitLatency(before: NodeStats, after: NodeStats): {commitP50: number; commitP99: number} {
  const window = new Buckets(60_000)
  const earlier = before.stats?.commitLatency.counts ?? []
  const counts = (after.stats?.commitLatency.counts ?? []).map((n, i) => n - (earlier[i] ?? 0))
  window.merge(counts, after.stats?.commitLatency.max ?? 0)
  return {commitP50: window.percentile(50), commitP99: window.percentile(99)}
}

/** CPU time (user + system) over wall time, as a share of one core. */
function cpuShare(cpu: NodeJS.CpuUsage, wallMs: number): number {
  return (cpu.user + cpu.system) / 1000 / wallMs
}

async function nodeStats(node: BenchNodeProcess): Promise<NodeStats> {
  node.send({type: 'load-stats'})
  return node.receive<NodeStats>('load-stats')
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
