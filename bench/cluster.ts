/**
 * bench/cluster — the single node and the cluster (nats-server, a sequencer and two edges, each its
 * own process on loopback) under the same signed order load, in one run (issue 24 item 5):
 *
 *   npm run bench:cluster [-- --rate 200 --duration 6 --connections 32 --accounts 16 --subscribers 200 --profile]
 *
 * The load is paced (`--rate` orders/s, the same in every phase; `--rate 0` for as fast as the
 * connections go): CPU per order is compared at the same order rate, so at the same batch sizes.
 *
 * 1. single: `POST /api/v1/orders/place/` signed (bench/lib-net/order-flow.ts) to a role-all node;
 * 2. cluster: the same load split over the two edges (`--role edge`, bench/lib-net/edge-main.ts),
 *    which check the signature on their replicas and forward each order to the sequencer over NATS;
 * 3. fan-out: the load through edge B only, edge A first without, then with `subscribers` v1
 *    trades-stream sockets: edge A's extra CPU per message delivered is its WebSocket fan-out;
 * 4. bare `ws`: the frames edge A delivered in 3, broadcast again by a bare `ws` server
 *    (bench/lib-net/ws-bare.ts) to as many sockets, at the pace they were recorded.
 * 5. capacity (`--capacity true`): a fresh single node unpaced, and — no edges, as if they ran on
 *    machines of their own — fresh sequencers fed the commands edges forward by stand-in edges in this
 *    process (bench/lib-net/standin-edges.ts, `--in-flight` outstanding): the same orders from the same
 *    state, in interleaved rounds; CPU per order of each at saturation, and their ratio, the median of
 *    the rounds' (what the target is about: the sequencer's orders/s over the single node's once edges
 *    are elsewhere). `--capacity-ab <dist copy>` adds a sequencer of another build to every round.
 *
 * CPU is each process's user + system time from /proc/<pid>/stat (all its threads) over the window.
 * Printed: orders/s, CPU µs per order of the single node, the sequencer, each edge and nats-server;
 * the sequencer's CPU per order over the single node's (target ≤ 1/3); edge A's CPU per delivered
 * WS message against bare ws's, and their ratio. `--profile` profiles the sequencer; `--threads` splits
 * the single node's and the sequencer's CPU per order by thread (user, system); `--fanout false`
 * stops after phase 2. The machine is
 * shared: compare figures of one run, not across runs.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import WebSocket from 'ws'
import {fire} from './lib-net/cannon.js'
import {capacityPhase, type CapacityTrace} from './lib-net/capacity.js'
import {startChild, startNodeProcess, UNLIMITED_RATES, type ChildServer} from './lib-net/child.js'
import {startNats} from './lib-net/nats-process.js'
import {OrderFlow} from './lib-net/order-flow.js'
import {summarizeAllocations} from './lib-net/heap-sampling.js'
import {cpuOf, measureLoad, okOf, ThreadSplit, us, type Measured} from './lib-net/process-cpu.js'
import {summarizeProfile} from './lib-net/profile.js'
import {seedTraders} from './lib-net/seed.js'
import {flag, int, machine, table} from './lib-net/stats.js'
import {productLine} from './lib/product.js'

const durationSec = Number(flag('duration', '6'))
const connections = Number(flag('connections', '32'))
const accounts = Number(flag('accounts', '16'))
const subscribers = Number(flag('subscribers', '200'))
/** Orders per second, paced, in every phase (0: as fast as the connections go). */
const rate = Number(flag('rate', '200'))
/** Profile the sequencer (--cpu-prof) and print its hot spots. */
const profile = flag('profile', 'false') === 'true'
const profileDir = profile ? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cluster-prof-')) : undefined
/** `--allocations true`: phase 5's single node and sequencers sample every allocation (bench/lib-net/heap-sampling.ts); printed at the end. */
const allocationsDir =
  flag('allocations', 'false') === 'true' ? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cluster-alloc-')) : undefined
/** Phases 3 and 4 (WebSocket fan-out); `--fanout false` measures the order path only. */
const fanout = flag('fanout', 'true') === 'true'
/** CPU per order of each thread (main, writer, checkpointer, the rest; user and system) of the single node and the sequencer. */
const threads = flag('threads', 'false') === 'true'
/**
 * Capacity (`--capacity true`, phase 5): a single node unpaced, interleaved with sequencers fed by
 * stand-in edges (bench/lib-net/standin-edges.ts: the commands edges forward, `--in-flight`
 * outstanding, one sequencer per level of a comma list, default 256,1024) — a sequencer at
 * saturation as if its edges had machines of their own.
 */
const capacity = flag('capacity', 'false') === 'true'
/** Commands outstanding from the stand-in edges, one sequencer per level (`--in-flight 256,1024`). */
const inFlight = flag('in-flight', '256,1024').split(',').map(Number)
/** The single node's unpaced window of each round (s); each sequencer's is the same orders. */
const capacityDuration = Number(flag('capacity-duration', '5'))
/** Rounds of phase 5: the ratio judged is the median of the rounds'. */
const rounds = Number(flag('rounds', '5'))
/**
 * `--capacity-ab <dir>`: every level also on a sequencer of another build (a copy of dist/, bench/ab.ts
 * `--save`; `.` for this one), in the same rounds: an A/B of the sequencer with the machine's drift shared.
 */
const capacityAb = flag('capacity-ab', '')
/**
 * `--capacity-ab-flags='<node flags>'` (with `=`: a value starting with `--` is read as a flag otherwise):
 * the B sequencers' node flags, space-separated (with `--capacity-ab .`: an A/B of a V8 flag on this build).
 */
const capacityAbFlags = flag('capacity-ab-flags', '').split(' ').filter(Boolean)
/** Every trader's funds, on the single node and on each sequencer. */
const FUNDS = {USDT: '1000000000', BTC: '100000'}
/** The flow's seed: the same orders in the same order on every node measured. */
const FLOW_SEED = 1001
const threadSplit = threads ? new ThreadSplit(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cluster-tids-'))) : undefined

console.log(`bench/cluster — ${machine()}`)
console.log(productLine())
console.log(
  `POST /api/v1/orders/place/ signed, ${rate > 0 ? `${rate} orders/s paced` : 'unpaced'}, ${connections} connections, ` +
    `${durationSec} s per phase, ${accounts} accounts; ` +
    `${subscribers} trades-stream sockets on edge A in phase 3`,
)

/** Fires the load at `urls` side by side (connections split) and measures every process's CPU over it. */
function measure(urls: string[], flow: OrderFlow, pids: Record<string, number>, perThread?: string): Promise<Measured> {
  return measureLoad({
    urls,
    flow,
    pids,
    connections,
    durationSec,
    rate,
    ...(perThread && threadSplit && {perThread: {split: threadSplit, name: perThread}}),
  })
}

/** The env that makes a node child record its worker threads' kernel ids (`--threads`). */
const tidsEnv = (name: string): Record<string, string> => threadSplit?.env(name) ?? {}

/** `count` sockets on `url`; each counts its messages, and the first records them with their arrival. */
async function sockets(url: string, count: number) {
  const record: {atMs: number; frames: string[]}[] = []
  let received = 0
  const open: WebSocket[] = []
  for (let i = 0; i < count; i++) {
    const ws = new WebSocket(url, {perMessageDeflate: false})
    const first = i === 0
    ws.on('message', (data: Buffer) => {
      received++
      if (!first) return
      const atMs = Math.floor(performance.now())
      const last = record.at(-1)
      if (last && last.atMs === atMs) last.frames.push(data.toString())
      else record.push({atMs, frames: [data.toString()]})
    })
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
    open.push(ws)
  }
  return {
    record,
    received: () => received,
    reset: () => {
      received = 0
      record.length = 0
    },
    close: () => open.forEach((ws) => ws.terminate()),
  }
}

const rows: string[][] = []
/** When phase 2 ran (µs, CLOCK_MONOTONIC): the sequencer's profile is summarized over it (over phase 5's last window with `--capacity true`). */
let phase2: {from: number; to: number} | undefined

// 1. The single node.
const single = await startNodeProcess({rateLimits: UNLIMITED_RATES}, {env: tidsEnv('single')})
let singleRun: Measured
try {
  const traders = await seedTraders(single.grpcAddress, accounts, FUNDS)
  const flow = new OrderFlow(traders, undefined, FLOW_SEED)
  await fire({url: single.httpUrl, connections, durationSec: 2, next: () => flow.next()})
  singleRun = await measure([single.httpUrl], flow, {single: single.child.pid!}, 'single')
} finally {
  await single.close()
}
const singleOrders = okOf(singleRun)
rows.push(['single node', int(singleOrders / durationSec), us(singleRun.cpu['single']!, singleOrders), '', '', ''])

// 2-4. The cluster.
const nats = await startNats()
const sequencer = await startNodeProcess(
  {rateLimits: UNLIMITED_RATES, role: 'sequencer', nats: {servers: [nats.url]}},
  {cpuProfDir: profileDir, env: tidsEnv('sequencer')},
)
const edges: ChildServer[] = []
let bare: ChildServer | undefined
try {
  const edgeConfig = JSON.stringify({
    nats: nats.url,
    secretsFile: path.join(sequencer.dataDir, 'secrets.json'),
    rateLimits: UNLIMITED_RATES,
  })
  for (let i = 0; i < 2; i++) {
    edges.push(await startChild({entry: 'edge-main.ts', readyMsg: 'node started', env: {BENCH_EDGE_CONFIG: edgeConfig}}))
  }
  const edgeUrls = edges.map((edge) => `http://127.0.0.1:${edge.ports.http}`)
  const traders = await seedTraders(sequencer.grpcAddress, accounts, FUNDS)
  // The edges' replicas follow the keys just made.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const flow = new OrderFlow(traders, undefined, FLOW_SEED)
  const pids = {
    sequencer: sequencer.child.pid!,
    'edge A': edges[0]!.child.pid!,
    'edge B': edges[1]!.child.pid!,
    'nats-server': nats.child.pid!,
  }
  await Promise.all(edgeUrls.map((url) => fire({url, connections: connections / 2, durationSec: 2, next: () => flow.next()})))
  const phase2From = Number(process.hrtime.bigint() / 1000n)
  const plain = await measure(edgeUrls, flow, pids, 'sequencer')
  phase2 = {from: phase2From, to: Number(process.hrtime.bigint() / 1000n)}
  const plainOrders = okOf(plain)
  const statuses = plain.load.map((r) => JSON.stringify(r.statusCodes)).join(' ')

  rows.push(
    ...[
      ['cluster: sequencer', plain.cpu['sequencer']!],
      ['cluster: edge A', plain.cpu['edge A']!],
      ['cluster: edge B', plain.cpu['edge B']!],
      ['cluster: nats-server', plain.cpu['nats-server']!],
    ].map(([name, cpu]) => [name as string, int(plainOrders / durationSec), us(cpu as number, plainOrders), '', '', '']),
  )
  const seqRatio = plain.cpu['sequencer']! / plainOrders / (singleRun.cpu['single']! / singleOrders)
  console.log()
  console.log(
    table(
      ['process', 'orders/s', 'CPU per order', '', '', ''].slice(0, 3),
      rows.map((row) => row.slice(0, 3)),
    ),
  )
  console.log(`cluster statuses: ${statuses}`)
  console.log(
    `sequencer CPU per order / single node's: ${seqRatio.toFixed(3)} (target ≤ 0.333: ${seqRatio <= 1 / 3 ? 'met' : 'not met'})`,
  )
  if (threads) {
    console.log()
    console.log(
      table(['process', 'thread', 'CPU per order', 'user', 'system'], [...(singleRun.threads ?? []), ...(plain.threads ?? [])]),
    )
  }
  if (fanout) {
    // 3. Fan-out on edge A alone: the load goes through edge B; edge A's CPU without and with sockets.
    const wsPath = '/api/v1/exchange/ws/trades/?ticker=BTC-USDT'
    const quiet = await measure([edgeUrls[1]!], flow, pids)
    const onEdge = await sockets(edgeUrls[0]!.replace('http', 'ws') + wsPath, subscribers)
    const fanned = await measure([edgeUrls[1]!], flow, pids)
    const delivered = onEdge.received()
    const recorded = onEdge.record.map((batch) => ({atMs: batch.atMs, frames: [...batch.frames]}))
    onEdge.close()
    const quietPerOrder = quiet.cpu['edge A']! / okOf(quiet)
    const fanExtra = fanned.cpu['edge A']! - quietPerOrder * okOf(fanned)

    // 4. Bare ws, the frames edge A delivered, as many sockets.
    bare = await startChild({entry: 'ws-bare.ts', readyMsg: 'bare ws started'})
    const onBare = await sockets(`ws://127.0.0.1:${bare.ports.http}/`, subscribers)
    const bareBefore = cpuOf(bare.child.pid!)
    bare.send({type: 'replay', batches: recorded})
    await bare.receive('replayed', 120_000)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const bareCpu = cpuOf(bare.child.pid!) - bareBefore
    const bareDelivered = onBare.received()
    onBare.close()

    console.log()
    const barePer = bareCpu / bareDelivered
    const edgePer = fanExtra / delivered
    console.log(
      table(
        ['WS fan-out (edge A, 3)', 'sockets', 'messages/s delivered', 'CPU per delivered message'],
        [
          [
            'edge A: extra CPU over its event feed alone',
            String(subscribers),
            int(delivered / durationSec),
            `${(edgePer * 1e6).toFixed(2)} µs`,
          ],
          ['edge A: all its CPU', String(subscribers), int(delivered / durationSec), us(fanned.cpu['edge A']!, delivered)],
          ['bare ws, the same frames', String(subscribers), int(bareDelivered / durationSec), `${(barePer * 1e6).toFixed(2)} µs`],
        ],
      ),
    )
    console.log(
      `edge A fan-out per delivered message / bare ws's: ${(edgePer / barePer).toFixed(2)}×; ` +
        `edge A's event feed alone: ${us(quiet.cpu['edge A']!, okOf(quiet))} per order (${int(okOf(quiet) / durationSec)} orders/s through edge B), ` +
        `with sockets ${int(okOf(fanned) / durationSec)} orders/s`,
    )
  }
} finally {
  await bare?.stop()
  for (const edge of edges) await edge.stop()
  await sequencer.close()
  await nats.stop()
}
let capacityTrace: CapacityTrace | undefined
if (capacity) {
  capacityTrace = await capacityPhase({
    accounts,
    funds: FUNDS,
    flowSeed: FLOW_SEED,
    connections,
    inFlight,
    rounds,
    durationSec: capacityDuration,
    ...(capacityAb && {ab: {build: capacityAb === '.' ? 'this' : path.resolve(capacityAb), flags: capacityAbFlags}}),
    threads: threadSplit,
    profileDir,
    allocationsDir,
  })
  phase2 = capacityTrace.lastWindow ?? phase2
}
if (allocationsDir) {
  for (const file of fs.readdirSync(allocationsDir).filter((name) => name.endsWith('.heapprofile'))) {
    const label = capacityTrace?.labels.get(Number(file.split('.')[0])) ?? file
    console.log(`\nallocations of the ${label} (its whole life; phase 5 is most of it):`)
    console.log(summarizeAllocations(path.join(allocationsDir, file)))
  }
}
if (profileDir) {
  for (const file of fs.readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'))) {
    console.log(`\nsequencer profile (${file}), ${capacity ? 'the capacity phase' : 'phase 2'} only:`)
    console.log(summarizeProfile(path.join(profileDir, file), 40, phase2))
  }
}
