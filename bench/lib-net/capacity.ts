/**
 * Phase 5 of bench/cluster, capacity: the single node against sequencers at saturation, as if their
 * edges had machines of their own. A fresh single node and, for each in-flight level (and build), a
 * fresh sequencer with its own nats-server fed by stand-in edges (standin-edges.ts: the commands edges
 * forward), all seeded alike and fed the same flow from its start — the same orders from the same
 * state, so the books are as large. The single node is warmed unpaced for 2 s; each sequencer is fed
 * the same orders. Then `rounds` rounds: the single node unpaced for `durationSec`, then each
 * sequencer fed the very orders of that window. Interleaved, the machine's drift (a shared machine:
 * the single node's figure moves by a third from one minute to the next) falls on both sides alike;
 * the ratio judged is the median of the rounds'.
 */
import {startNodeProcess, UNLIMITED_RATES, type BenchNodeProcess} from './child.js'
import {fire} from './cannon.js'
import {startNats, type NatsProcess} from './nats-process.js'
import {OrderFlow} from './order-flow.js'
import {cpuDuring, measureLoad, okOf, us, type Measured, type ThreadSplit} from './process-cpu.js'
import {seedTraders} from './seed.js'
import {StandInEdges} from './standin-edges.js'
import {int, table} from './stats.js'

export type CapacityOptions = {
  accounts: number
  /** Every trader's funds, on the single node and on each sequencer. */
  funds: Record<string, string>
  /** The flow's seed: the same orders in the same order on every node measured. */
  flowSeed: number
  /** The single node's connections. */
  connections: number
  /** Commands outstanding from the stand-in edges: one sequencer per level. */
  inFlight: number[]
  rounds: number
  /** The single node's unpaced window of each round (s). */
  durationSec: number
  /** Every level also on a sequencer of another build (a dist copy; 'this': this one) with these node flags. */
  ab?: {build: string; flags: string[]}
  /** Split the single node's and the sequencers' CPU by thread (`--threads`). */
  threads?: ThreadSplit
  /** The sequencers' CPU profiles (`--profile`). */
  profileDir?: string
  /** Every node samples its allocations into this folder (`--allocations`, heap-sampling.ts). */
  allocationsDir?: string
}

/** What phase 5 leaves for the profiles' summaries: the last window, and which pid was which process. */
export type CapacityTrace = {lastWindow?: {from: number; to: number}; labels: Map<number, string>}

/** A sequencer of phase 5: its own nats-server and store, its stand-in edges and its copy of the flow. */
type CapacitySequencer = {
  label: string
  level: number
  nats: NatsProcess
  node: BenchNodeProcess
  standIn: StandInEdges
  flow: OrderFlow
  tidsName: string
}

/** One window of a sequencer: its orders and CPU, nats-server's and the stand-in edges'. */
type CapacityWindow = {
  ok: number
  seconds: number
  cpu: Record<'sequencer' | 'nats-server' | 'bench', number>
  refused: Record<string, number>
  threads: string[][]
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** µs of CLOCK_MONOTONIC, as the CPU profiles count. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n)

/** Runs phase 5 and prints its tables and ratios. */
export async function capacityPhase(options: CapacityOptions): Promise<CapacityTrace> {
  const trace: CapacityTrace = {labels: new Map()}
  const allocationEnv: Record<string, string> = options.allocationsDir ? {BENCH_HEAP_SAMPLING: options.allocationsDir} : {}
  const single = await startNodeProcess(
    {rateLimits: UNLIMITED_RATES},
    {env: {...options.threads?.env('capacity-single'), ...allocationEnv}},
  )
  trace.labels.set(single.child.pid!, 'single node')
  const sequencers: CapacitySequencer[] = []
  const singleWindows: Measured[] = []
  const windows = new Map<CapacitySequencer, CapacityWindow[]>()

  /** Starts a sequencer (and its nats-server) of `build` (a dist copy, 'this', or undefined: this one unchanged), seeded as the single node was. */
  const startSequencer = async (level: number, build: string | undefined): Promise<CapacitySequencer> => {
    const label = `${build ? 'B (--capacity-ab)' : 'sequencer'}, ${level} in flight`
    const tidsName = `sequencer-${level}${build ? '-ab' : ''}`
    const nats = await startNats()
    const node = await startNodeProcess(
      {rateLimits: UNLIMITED_RATES, role: 'sequencer', nats: {servers: [nats.url]}},
      {
        cpuProfDir: options.profileDir,
        env: {...options.threads?.env(tidsName), ...allocationEnv, ...(build && build !== 'this' && {BENCH_DIST: build})},
        nodeFlags: build ? (options.ab?.flags ?? []) : [],
      },
    ).catch(async (error: unknown) => {
      await nats.stop()
      throw error
    })
    trace.labels.set(node.child.pid!, label)
    const traders = await seedTraders(node.grpcAddress, options.accounts, options.funds)
    const standIn = await StandInEdges.open(nats.url, traders, build && build !== 'this' ? build : undefined)
    return {label, level, nats, node, standIn, flow: new OrderFlow(traders, undefined, options.flowSeed), tidsName}
  }

  /** Measures `sequencer` fed the next `count` orders of its flow. */
  const measureSequencer = async (sequencer: CapacitySequencer, count: number): Promise<CapacityWindow> => {
    const pids = {sequencer: sequencer.node.child.pid!, 'nats-server': sequencer.nats.child.pid!, bench: process.pid}
    const threadsBefore = options.threads?.read(pids.sequencer)
    const from = nowUs()
    const {result, cpu} = await cpuDuring(pids, () => sequencer.standIn.run(sequencer.flow, {count}, sequencer.level))
    trace.lastWindow = {from, to: nowUs()}
    const threads =
      options.threads && threadsBefore
        ? options.threads.rows(sequencer.tidsName, pids.sequencer, threadsBefore, result.ok, sequencer.label)
        : []
    return {ok: result.ok, seconds: result.seconds, cpu, refused: result.refused, threads}
  }

  try {
    const traders = await seedTraders(single.grpcAddress, options.accounts, options.funds)
    const flow = new OrderFlow(traders, undefined, options.flowSeed)
    await fire({url: single.httpUrl, connections: options.connections, durationSec: 2, next: () => flow.next()})
    const warm = flow.sent
    for (const level of options.inFlight) {
      for (const build of options.ab ? [undefined, options.ab.build] : [undefined]) {
        const sequencer = await startSequencer(level, build)
        sequencers.push(sequencer)
        windows.set(sequencer, [])
        await sequencer.standIn.run(sequencer.flow, {count: warm}, level)
      }
    }
    for (let round = 0; round < options.rounds; round++) {
      const before = flow.sent
      singleWindows.push(
        await measureLoad({
          urls: [single.httpUrl],
          flow,
          pids: {'capacity-single': single.child.pid!},
          connections: options.connections,
          durationSec: options.durationSec,
          ...(options.threads && {perThread: {split: options.threads, name: 'capacity-single'}}),
        }),
      )
      const count = flow.sent - before
      for (const sequencer of sequencers) windows.get(sequencer)!.push(await measureSequencer(sequencer, count))
    }
  } finally {
    for (const sequencer of sequencers) {
      await sequencer.standIn.close()
      await sequencer.node.close()
      await sequencer.nats.stop()
    }
    await single.close()
  }
  print(options, singleWindows, sequencers, windows)
  return trace
}

function print(
  options: CapacityOptions,
  singleWindows: Measured[],
  sequencers: CapacitySequencer[],
  windows: Map<CapacitySequencer, CapacityWindow[]>,
): void {
  const {rounds, durationSec} = options
  const singlePer = singleWindows.map((window) => window.cpu['capacity-single']! / okOf(window))
  const rows: string[][] = []
  singleWindows.forEach((window, round) => {
    rows.push([
      `round ${round + 1}: single node, unpaced signed HTTP`,
      int(okOf(window) / durationSec),
      us(singlePer[round]!, 1),
      '',
      '',
      '',
      '',
    ])
    for (const sequencer of sequencers) {
      const each = windows.get(sequencer)![round]!
      rows.push([
        `round ${round + 1}: ${sequencer.label}`,
        int(each.ok / each.seconds),
        us(each.cpu.sequencer, each.ok),
        (each.cpu.sequencer / each.ok / singlePer[round]!).toFixed(3),
        us(each.cpu['nats-server'], each.ok),
        us(each.cpu.bench, each.ok),
        JSON.stringify(each.refused),
      ])
    }
  })
  console.log()
  console.log(
    `capacity (5): ${rounds} rounds of the single node unpaced for ${durationSec} s, each followed by every sequencer fed the same orders ` +
      `(all seeded alike and fed the same flow from its start)`,
  )
  console.log(table(['capacity (5)', 'orders/s', 'CPU per order', 'ratio', 'nats-server', 'stand-in edges', 'refused'], rows))
  for (const sequencer of sequencers) {
    const ratios = windows.get(sequencer)!.map((each, round) => each.cpu.sequencer / each.ok / singlePer[round]!)
    const judged = median(ratios)
    console.log(
      `at saturation, ${sequencer.label}: sequencer CPU per order / single node's, median of ${rounds} rounds ${judged.toFixed(3)} ` +
        `(rounds ${ratios.map((ratio) => ratio.toFixed(3)).join(', ')}; target ≤ 0.333: ${judged <= 1 / 3 ? 'met' : 'not met'}), ` +
        `capacity ${(1 / judged).toFixed(2)}× the single node's`,
    )
  }
  if (options.threads) {
    const last = rounds - 1
    console.log(
      table(
        ['process', 'thread', 'CPU per order', 'user', 'system'],
        [...(singleWindows[last]!.threads ?? []), ...sequencers.flatMap((sequencer) => windows.get(sequencer)![last]!.threads)],
      ),
    )
  }
}
