/**
 * bench/ab — an A/B of two builds of the node by the CPU each spends per signed
 * `POST /api/v1/orders/place/`, at the same fixed request rate, in alternating slices.
 *
 *   npm run bench:ab -- --save                 keep the current build as A (.tmp/ab/dist)
 *   (change the code)
 *   npm run bench:ab [-- --rate 2000 --duration 20 --slice 2 --connections 50 --accounts 16]
 *
 * A is the saved build, B the current one. Both nodes run at once, each in its own child process
 * with its own data dir; the bench/rest order flow is fired at one and then the other, `slice`
 * seconds at a time, at `rate` requests/s (paced, so both do the same work whatever their speed).
 * Printed per side: the main thread's CPU µs per answered request (/proc, the kernel's count), the
 * whole process's, p50 and p99. At a fixed rate the CPU per request is a much steadier figure than
 * bench/rest's saturated req/s, whose ±5% drift on this VM hides a change worth a few µs; the
 * slices alternate so that drift reaches both builds alike. A rate the node cannot keep up with is
 * reported (answered below 95% of the rate) and the figures are then not comparable.
 */
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {fire, mergeResults, type CannonResult} from './lib-net/cannon.js'
import {startNodeProcess, UNLIMITED_RATES, type BenchNodeProcess} from './lib-net/child.js'
import {threadCpu} from './lib-net/attribution.js'
import {OrderFlow} from './lib-net/order-flow.js'
import {seedTraders} from './lib-net/seed.js'
import {flag, machine} from './lib/report.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** The saved build, with what a build reaches outside dist/ (proto/, package.json) linked beside it. */
const SAVED = path.join(ROOT, '.tmp', 'ab')

if (process.argv.includes('--save')) {
  fs.rmSync(SAVED, {recursive: true, force: true})
  fs.mkdirSync(SAVED, {recursive: true})
  fs.cpSync(path.join(ROOT, 'dist'), path.join(SAVED, 'dist'), {recursive: true})
  for (const name of ['proto', 'package.json']) fs.symlinkSync(path.join(ROOT, name), path.join(SAVED, name))
  console.log(`saved dist/ as build A in ${path.relative(ROOT, SAVED)}/dist; change the code, then run npm run bench:ab`)
  process.exit(0)
}
if (!fs.existsSync(path.join(SAVED, 'dist'))) throw new Error('no saved build A: run npm run bench:ab -- --save first')

const rate = Number(flag('rate', '2000'))
const durationSec = Number(flag('duration', '20'))
const sliceSec = Number(flag('slice', '2'))
const connections = Number(flag('connections', '50'))
const accounts = Number(flag('accounts', '16'))

console.log(`bench/ab — ${machine()}`)
console.log(
  `A: ${path.relative(ROOT, SAVED)}/dist (saved), B: dist/; POST /api/v1/orders/place/ signed at ${rate} req/s, ` +
    `${connections} connections, ${durationSec} s each in alternating ${sliceSec} s slices, ${accounts} accounts`,
)

type Side = {
  name: 'A' | 'B'
  node: BenchNodeProcess
  flow: OrderFlow
  slices: CannonResult[]
  mainCpu: number
  processCpu: number
}
type Figures = {okRps: number; main: number; process: number; p50: number; p99: number; okShare: number}

/**
 * One pass: both nodes started (`first` first), warmed up, then measured in alternating slices. The
 * node started first came out 5-10% dearer in A/A runs of one build, whichever it was, so passes
 * alternate which starts first and the figures are their mean.
 */
async function pass(first: 'A' | 'B'): Promise<Record<'A' | 'B', Figures>> {
  const started: BenchNodeProcess[] = []
  try {
    const sides: Side[] = []
    for (const name of first === 'A' ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
      const env: Record<string, string> = name === 'A' ? {BENCH_DIST: path.join(SAVED, 'dist')} : {}
      const node = await startNodeProcess({rateLimits: UNLIMITED_RATES}, {env})
      started.push(node)
      const traders = await seedTraders(node.grpcAddress, accounts, {USDT: '1000000000', BTC: '100000'})
      sides.push({name, node, flow: new OrderFlow(traders, undefined, 7), slices: [], mainCpu: 0, processCpu: 0})
    }
    for (const side of sides)
      await fire({url: side.node.httpUrl, connections, durationSec: 2, rate, next: () => side.flow.next()})
    for (let left = durationSec, round = 0; left > 0; left -= sliceSec, round++) {
      // A then B, then B then A: neither side is always the one measured right after the other.
      for (const side of round % 2 ? [...sides].reverse() : sides) {
        const pid = side.node.child.pid!
        const before = threadCpu(pid)
        const seconds = Math.min(sliceSec, left)
        side.slices.push(
          await fire({url: side.node.httpUrl, connections, durationSec: seconds, rate, next: () => side.flow.next()}),
        )
        const after = threadCpu(pid)
        side.mainCpu += after.get(pid)!.seconds - before.get(pid)!.seconds
        for (const [tid, {seconds: spent}] of after) side.processCpu += spent - (before.get(tid)?.seconds ?? 0)
      }
    }
    const figures = {} as Record<'A' | 'B', Figures>
    for (const side of sides) {
      const result = mergeResults(side.slices)
      figures[side.name] = {
        okRps: result.okRps,
        main: (side.mainCpu * 1e6) / result.ok,
        process: (side.processCpu * 1e6) / result.ok,
        p50: result.p50,
        p99: result.p99,
        okShare: result.ok / Math.max(1, result.completed),
      }
    }
    return figures
  } finally {
    for (const node of started) await node.close()
  }
}

const passes = Number(flag('passes', '2'))
const all: Record<'A' | 'B', Figures>[] = []
const row = (label: string, f: Figures) =>
  `${label.padEnd(16)}  ${f.okRps.toFixed(0).padStart(10)}  ${(100 * f.okShare).toFixed(1).padStart(8)}%` +
  `  ${f.main.toFixed(1).padStart(15)}  ${f.process.toFixed(1).padStart(18)}  ${f.p50.toFixed(1).padStart(6)}  ${f.p99.toFixed(1).padStart(6)}` +
  (f.okRps < 0.95 * rate ? '  (below 95% of the rate: not comparable)' : '')
console.log('side              answered/s  2xx share  main CPU µs/req  process CPU µs/req  p50 ms  p99 ms')
for (let i = 0; i < passes; i++) {
  const first = i % 2 ? 'B' : 'A'
  const figures = await pass(first)
  all.push(figures)
  for (const name of ['A', 'B'] as const)
    console.log(row(`${name} (pass ${i + 1}${first === name ? ', first' : ''})`, figures[name]))
}
const mean = (name: 'A' | 'B', key: keyof Figures) => all.reduce((sum, figures) => sum + figures[name][key], 0) / all.length
const means = {} as Record<'A' | 'B', Figures>
for (const name of ['A', 'B'] as const) {
  means[name] = {okRps: 0, main: 0, process: 0, p50: 0, p99: 0, okShare: 0}
  for (const key of Object.keys(means[name]) as (keyof Figures)[]) means[name][key] = mean(name, key)
  console.log(row(`${name} (mean)`, means[name]))
}
const delta = means.B.main - means.A.main
console.log(
  `B - A: ${delta.toFixed(1)} µs/req on the main thread (${((100 * delta) / means.A.main).toFixed(1)}%), ` +
    `${(means.B.process - means.A.process).toFixed(1)} µs/req in the whole process`,
)
