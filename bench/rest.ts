/**
 * bench/rest — signed `POST /api/v1/orders/place/` over HTTP, each answered only once committed to
 * SQLite (WAL, synchronous=FULL, group commit), against a bare Koa hello-world measured in the same
 * run with the same client.
 *
 *   npm run bench:rest [-- --runs 3 --duration 10 --connections 50 --accounts 16 --profile]
 *
 * The node runs in a child process (bench/lib-net/node-main.ts), fresh for every run, with every
 * rate limit raised; the traders (funds, API keys) are seeded over the admin gRPC API. autocannon
 * runs here, in its own process: each request is built by `setupRequest` — the next order of
 * bench/lib-net/order-flow.ts (88% resting limit orders away from the market, 10% crossing IOC,
 * 2% market; half with a client_order_id), from the next of `accounts` traders, signed with a
 * fresh X-Timestamp. The Koa baseline (bench/lib-net/koa-hello.ts, also a child process) receives
 * exactly the same signed requests, so both sides pay the same client cost on this shared machine.
 *
 * Each run: 2 s warm-up (not counted) then `duration` s on the node, then the same on Koa. Printed:
 * req/s, p50/p99 (10 µs resolution, every request of the window), non-2xx and errors, Koa req/s
 * and the ratio; then best and median over the runs. With --profile the node child of the last run
 * runs under --cpu-prof and the profile's hot spots are printed (bench/lib-net/profile.ts).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fire, type CannonResult} from './lib-net/cannon.js'
import {startChild, startNodeProcess, UNLIMITED_RATES} from './lib-net/child.js'
import {OrderFlow, PLACE_PATH} from './lib-net/order-flow.js'
import {summarizeProfile} from './lib-net/profile.js'
import {seedTraders} from './lib-net/seed.js'
import {best, flag, int, machine, median, met, ms, table} from './lib-net/stats.js'

const TARGET_RPS = 25_000
const TARGET_P99_MS = 5
const TARGET_RATIO = 0.7

const runs = Number(flag('runs', '3'))
const durationSec = Number(flag('duration', '10'))
const connections = Number(flag('connections', '50'))
const accounts = Number(flag('accounts', '16'))
const profile = flag('profile', 'false') === 'true'
const warmupSec = 2

type Run = {node: CannonResult; koa: CannonResult; ratio: number}

console.log(`bench/rest — ${machine()}`)
console.log(
  `POST ${PLACE_PATH} signed, durable ack; ${connections} connections, ${durationSec} s per measurement, ${runs} runs, ${accounts} accounts`,
)

const koa = await startChild({entry: 'koa-hello.ts', readyMsg: 'koa started'})
const results: Run[] = []
let profileDir: string | undefined
try {
  for (let i = 0; i < runs; i++) {
    const profiled = profile && i === runs - 1
    if (profiled) profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-rest-prof-'))
    const node = await startNodeProcess({rateLimits: UNLIMITED_RATES}, {cpuProfDir: profiled ? profileDir : undefined})
    try {
      const traders = await seedTraders(node.grpcAddress, accounts, {USDT: '1000000000', BTC: '100000'})
      const flow = new OrderFlow(traders, undefined, 1000 + i)
      await preflight(node.httpUrl, flow)
      const nodeUrl = node.httpUrl
      await fire({url: nodeUrl, connections, durationSec: warmupSec, next: () => flow.next()})
      const nodeResult = await fire({url: nodeUrl, connections, durationSec, next: () => flow.next()})
      const koaUrl = `http://127.0.0.1:${koa.ports.http}`
      await fire({url: koaUrl, connections, durationSec: warmupSec, next: () => flow.next()})
      const koaResult = await fire({url: koaUrl, connections, durationSec, next: () => flow.next()})
      const run = {node: nodeResult, koa: koaResult, ratio: nodeResult.okRps / koaResult.rps}
      results.push(run)
      console.log(
        `run ${i + 1}: node ${int(run.node.okRps)} req/s (2xx), p50 ${ms(run.node.p50)}, p99 ${ms(run.node.p99)}, ` +
          `non-2xx ${run.node.non2xx}, errors ${run.node.errors + run.node.timeouts}; ` +
          `koa ${int(run.koa.rps)} req/s, p99 ${ms(run.koa.p99)}; ratio ${(100 * run.ratio).toFixed(1)}%` +
          (Object.keys(run.node.statusCodes).some((c) => c !== '200')
            ? `; statuses ${JSON.stringify(run.node.statusCodes)}`
            : ''),
      )
    } finally {
      await node.close()
    }
  }
} finally {
  await koa.stop()
}

const col = (pick: (r: Run) => number, higher: boolean, fmt: (n: number) => string) => {
  const values = results.map(pick)
  return [fmt(best(values, higher)), fmt(median(values)), values.map(fmt).join(' / ')]
}
console.log()
console.log(
  table(
    ['figure', 'best', 'median', 'runs'],
    [
      ['node req/s (2xx)', ...col((r) => r.node.okRps, true, int)],
      ['node p50', ...col((r) => r.node.p50, false, ms)],
      ['node p99', ...col((r) => r.node.p99, false, ms)],
      ['node p99.9', ...col((r) => r.node.p999, false, ms)],
      ['node non-2xx', ...col((r) => r.node.non2xx, false, int)],
      ['node errors+timeouts', ...col((r) => r.node.errors + r.node.timeouts, false, int)],
      ['koa hello-world req/s', ...col((r) => r.koa.rps, true, int)],
      ['koa p99', ...col((r) => r.koa.p99, false, ms)],
      [
        'node / koa',
        ...col(
          (r) => 100 * r.ratio,
          true,
          (n) => `${n.toFixed(1)}%`,
        ),
      ],
    ],
  ),
)
const medRps = median(results.map((r) => r.node.okRps))
const medP99 = median(results.map((r) => r.node.p99))
const medRatio = median(results.map((r) => r.ratio))
console.log()
console.log(`target ≥ ${int(TARGET_RPS)} req/s: ${met(medRps >= TARGET_RPS)} (median ${int(medRps)})`)
console.log(
  `target p99 ≤ ${TARGET_P99_MS} ms at ${connections} connections: ${met(medP99 <= TARGET_P99_MS)} (median ${ms(medP99)})`,
)
console.log(
  `target ≥ ${TARGET_RATIO * 100}% of Koa hello-world: ${met(medRatio >= TARGET_RATIO)} (median ${(100 * medRatio).toFixed(1)}%)`,
)

if (profileDir) {
  // The main thread's profile is the largest (tsx's loader thread writes a small one too).
  const file = fs
    .readdirSync(profileDir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort((a, b) => fs.statSync(path.join(profileDir!, b)).size - fs.statSync(path.join(profileDir!, a)).size)[0]
  if (file) {
    console.log(`\nCPU profile of the node child (last run): ${path.join(profileDir, file)}`)
    console.log(summarizeProfile(path.join(profileDir, file)))
  }
}

/** A few orders sent one by one before the run: every one must be accepted, or the run would measure errors. */
async function preflight(baseUrl: string, flow: OrderFlow): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const request = flow.next()
    const response = await fetch(`${baseUrl}${request.path}`, {method: 'POST', headers: request.headers, body: request.body})
    if (response.status !== 200) throw new Error(`preflight order refused: ${response.status} ${await response.text()}`)
  }
}
