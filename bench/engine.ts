/**
 * bench/engine — in-process matching throughput and per-operation latency of the order book, with
 * ~1,000 and ~10,000 resting orders, on exchange-core's benchmark mix (bench/lib/workload.ts), and
 * the same pre-generated command list run on nodejs-order-book in the same process, side by side.
 *
 *   npm run bench:engine [-- --orders 1000,10000 --commands 250000 --seed 1]
 *
 * Per engine and book size, on a fresh book each time (the fill phase that builds the book up to the
 * target is never timed):
 *   1. check pass: runs everything, counts refusals (must be 0) and compares the final book with the
 *      generator's shadow book (must be equal) — this is also the JIT warm-up;
 *   2. throughput pass: the measured commands in one tight loop, no timer inside: commands / elapsed,
 *      repeated on fresh books (fill untimed) until 0.5 s of timed work or 10 books, for every engine.
 *      The "cpu" column is the main thread's CPU time over wall time during that pass (10 ms ticks):
 *      well under 100% means another process took the core and the figure is low — rerun when quiet;
 *   3. latency pass: every command timed on its own with process.hrtime.bigint(). A timer pair costs
 *      about as much as a cheap command, so the printed percentiles include it (an upper bound);
 *      its own cost, measured around an empty region, is printed beside them.
 *
 * Targets: ≥ 20x nodejs-order-book on the same commands at ~1,000 resting orders (issue 11), judged
 * at that size only; ≥ 2,000,000 ops/s and p99 < 5 µs at every size.
 */
import {Histogram} from './lib/histogram.js'
import {OurEngine, TheirEngine, type Depth, type Engine} from './lib/engines.js'
import {collectGarbage, flag, int, machine, mainThreadCpuMs, met, ns, pct, table} from './lib/report.js'
import {generateWorkload, type Workload} from './lib/workload.js'
import {productLine} from './lib/product.js'

const TARGET_OPS = 2_000_000
const TARGET_P99_NS = 5_000
/** Issue 11: at least 20x nodejs-order-book on the same commands, at ~1,000 resting orders. */
const TARGET_RATIO = 20
const TARGET_RATIO_RESTING = 1_000
/** The throughput pass repeats the command list on fresh books until this much timed work... */
const MIN_TIMED_NS = 500_000_000
/** ...or this many books. */
const MAX_RUNS = 10

type Result = {
  engine: string
  opsPerSec: number
  runs: number
  /** CPU time of the main thread over wall time during the throughput pass (NaN off Linux). */
  cpuShare: number
  latency: ReturnType<Histogram['summary']>
  refused: number
  sameBook: boolean
}

/** One engine's converted command lists, and what its passes measured. */
class Subject<Book, Op> {
  private readonly fill: Op[]
  private readonly bench: Op[]
  readonly result: Result

  constructor(
    private readonly engine: Engine<Book, Op>,
    private readonly workload: Workload,
  ) {
    this.fill = engine.convert(workload.fill)
    this.bench = engine.convert(workload.bench)
    this.result = {
      engine: engine.name,
      opsPerSec: 0,
      runs: 0,
      cpuShare: 0,
      latency: new Histogram(1, 1).summary(),
      refused: 0,
      sameBook: false,
    }
  }

  /** A fresh book with the fill phase applied. */
  private filled(): Book {
    const book = this.engine.newBook()
    this.engine.run(book, this.fill, 0, this.fill.length)
    return book
  }

  check(): void {
    const book = this.filled()
    this.result.refused = this.engine.check(book, this.bench)
    this.result.sameBook = sameDepth(this.engine.depth(book), this.workload.final)
  }

  /** Runs the measured commands on fresh books until MIN_TIMED_NS of timed work (at most MAX_RUNS books). */
  async throughput(): Promise<void> {
    let elapsed = 0
    let cpu = 0
    let commands = 0
    for (let run = 0; run < MAX_RUNS && elapsed < MIN_TIMED_NS; run++) {
      const book = this.filled()
      await collectGarbage()
      const cpuStart = mainThreadCpuMs() ?? NaN
      const start = process.hrtime.bigint()
      this.engine.run(book, this.bench, 0, this.bench.length)
      elapsed += Number(process.hrtime.bigint() - start)
      cpu += ((mainThreadCpuMs() ?? NaN) - cpuStart) * 1e6
      commands += this.bench.length
    }
    this.result.opsPerSec = (commands * 1e9) / elapsed
    this.result.cpuShare = cpu / elapsed
    this.result.runs = commands / this.bench.length
  }

  async latency(): Promise<void> {
    const book = this.filled()
    const histogram = new Histogram(1, 1_000_000)
    const {engine, bench} = this
    await collectGarbage()
    for (let i = 0; i < bench.length; i++) {
      const op = bench[i]!
      const t0 = process.hrtime.bigint()
      engine.step(book, op)
      histogram.record(Number(process.hrtime.bigint() - t0))
    }
    this.result.latency = histogram.summary()
  }
}

/**
 * Every engine's check pass comes first, then every throughput pass, then every latency pass: the
 * shared code (our book with both event forms) is warm and in its steady, polymorphic state before
 * anything is timed, whichever engine runs first.
 */
async function measureAll(workload: Workload): Promise<Result[]> {
  const subjects = [
    new Subject(new OurEngine('sink'), workload),
    new Subject(new OurEngine('array'), workload),
    new Subject(new TheirEngine(), workload),
  ]
  for (const subject of subjects) subject.check()
  for (const subject of subjects) await subject.throughput()
  for (const subject of subjects) await subject.latency()
  return subjects.map((subject) => subject.result)
}

function sameDepth(a: Depth, b: Depth): boolean {
  const same = (x: Depth['bids'], y: Depth['bids']) =>
    x.length === y.length && x.every((level, i) => level[0] === y[i]![0] && level[1] === y[i]![1])
  return same(a.bids, b.bids) && same(a.asks, b.asks)
}

/** What an empty timed region measures: the timer's own cost, included in every latency sample. */
function timerOverhead(): number {
  const histogram = new Histogram(1, 100_000)
  for (let i = 0; i < 1_000_000; i++) {
    const t0 = process.hrtime.bigint()
    histogram.record(Number(process.hrtime.bigint() - t0))
  }
  return histogram.percentile(50)
}

async function main(): Promise<void> {
  const sizes = flag('orders', '1000,10000').split(',').map(Number)
  const commands = Number(flag('commands', '250000'))
  const seed = Number(flag('seed', '1'))
  console.log(`bench/engine — ${machine()}`)
  console.log(productLine())
  const overhead = timerOverhead()
  console.log(`timer: a process.hrtime.bigint() pair around nothing measures ${ns(overhead)} (p50); latencies below include it\n`)

  const rows: string[][] = []
  const verdicts: string[] = []
  let ok = true
  for (const targetOrders of sizes) {
    const started = performance.now()
    const workload = generateWorkload({targetOrders, commands, seed, priceDeviation: 200})
    const {counts, trading, trades, resting, levels} = workload.stats
    const n = workload.bench.length
    console.log(
      `workload ~${int(targetOrders)} resting: ${int(n)} commands (after ${int(workload.fill.length)} fill) — ` +
        `GTC ${pct(counts.gtc, n)}, IOC ${pct(counts.ioc, n)}, cancel ${pct(counts.cancel, n)}, move ${pct(counts.move, n)}; ` +
        `${pct(trading, n)} of commands trade (${int(trades)} trades); resting ${int(resting.min)}..${int(resting.max)}, ` +
        `${int(levels)} levels at the end; generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
    await collectGarbage()
    const results = await measureAll(workload)
    const [ours, oursArray, theirs] = results as [Result, Result, Result]
    for (const r of results) {
      if (r.refused !== 0 || !r.sameBook) {
        ok = false
        console.log(
          `  ${r.engine}: ${r.refused} commands refused, final book ${r.sameBook ? 'matches' : 'DIFFERS from'} the shadow book`,
        )
      }
      rows.push([
        int(targetOrders),
        r.engine,
        `${int(r.opsPerSec)} (${r.runs}×)`,
        Number.isNaN(r.cpuShare) ? '-' : `${Math.round(r.cpuShare * 100)}%`,
        ns(r.latency.p50),
        ns(r.latency.p90),
        ns(r.latency.p99),
        ns(r.latency.p999),
        ns(r.latency.max),
        r === theirs ? '1.0x' : `${(r.opsPerSec / theirs.opsPerSec).toFixed(1)}x`,
      ])
    }
    for (const r of [ours, oursArray]) {
      const ratio = r.opsPerSec / theirs.opsPerSec
      verdicts.push(
        `~${int(targetOrders)} resting, ${r.engine}: ${int(r.opsPerSec)} ops/s (target ≥ ${int(TARGET_OPS)}: ${met(r.opsPerSec >= TARGET_OPS)}), ` +
          `p99 ${ns(r.latency.p99)} (target < ${ns(TARGET_P99_NS)}: ${met(r.latency.p99 < TARGET_P99_NS)}), ` +
          `${ratio.toFixed(1)}x nodejs-order-book ` +
          (targetOrders === TARGET_RATIO_RESTING
            ? `(target ≥ ${TARGET_RATIO}x: ${met(ratio >= TARGET_RATIO)})`
            : `(the ≥ ${TARGET_RATIO}x target is for ~${int(TARGET_RATIO_RESTING)} resting)`),
      )
    }
  }
  console.log(
    '\n' +
      table(['resting', 'engine', 'ops/s', 'cpu', 'p50', 'p90', 'p99', 'p99.9', 'max', 'vs nodejs-order-book'], rows) +
      '\n\n' +
      verdicts.join('\n') +
      `\nidentical final books and no refused commands: ${ok ? 'yes' : 'NO'}` +
      `\nload average at the end: ${machine().split('load average ')[1]}`,
  )
  if (!ok) process.exitCode = 1
}

await main()
