/**
 * Where the node's CPU goes per signed `POST /api/v1/orders/place/`: runs the node child under
 * --cpu-prof, fires the bench/rest order flow at it for `duration` s (after a warm-up), and
 * attributes every profile sample taken inside the measured window to one component (a sample with
 * a src/node/trading/ frame on its stack is the trading path's; otherwise the deepest frame that a
 * rule below recognizes names it), then divides by the requests answered. The process's own CPU
 * time over the window (/proc, all threads) is printed too, and the same is done for the bare Koa
 * hello-world that bench/rest compares against.
 *
 *   node --import tsx bench/lib-net/attribute.ts [--duration 10 --connections 50 --accounts 16]
 *     [--top 30] [--stub-trading]
 *
 * --stub-trading answers every order but the first with the first one's result, one loop turn
 * later (bench/lib-net/node-main.ts): no matching, no commit, no fsync. The node's CPU per request
 * is then all outside the trading path, measured by the kernel rather than by sampling.
 *
 * Sampled time is wall time between samples: it counts a blocking fsync, and on a busy machine the
 * time the thread waited for a core. Both processes read CLOCK_MONOTONIC (V8's profiler clock and
 * process.hrtime), so the window is cut on the samples' own timestamps.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fire} from './cannon.js'
import {startChild, startNodeProcess, UNLIMITED_RATES, type ChildServer} from './child.js'
import {OrderFlow} from './order-flow.js'
import {seedTraders} from './seed.js'
import {flag, int, table} from './stats.js'

type ProfileNode = {id: number; callFrame: {functionName: string; url: string}; children?: number[]}
type Profile = {nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number}

/**
 * A sample with a frame of src/node/trading/ anywhere on its stack is the trading path's (validation
 * in `place`, the group commit with its ledger, orders and engine work, the publication).
 */
const TRADING = 'trading.place + group commit (excluded)'
const isTrading = (url: string): boolean => url.includes('/src/node/trading/')

/** Component rules, tried on each frame from the leaf up; the first frame that matches names the sample. */
const RULES: [string, (fn: string, url: string) => boolean][] = [
  ['API key: AES-GCM unseal', (fn, url) => fn === 'unseal' || url.includes('apikeys/sealed')],
  ['API key: lookup (SQLite + mapping)', (fn) => fn === 'findForSignature' || fn === 'cachedForSignature'],
  ['account look-up', (fn, url) => url.includes('/src/node/accounts/')],
  ['HMAC verify', (fn, url) => fn === 'verifySignature' || url.includes('apikeys/signature')],
  ['IP allow-list', (_fn, url) => url.includes('/src/node/http/net.ts')],
  ['recv window', (_fn, url) => url.includes('recv-window')],
  ['rate limiters', (_fn, url) => url.includes('rate-limit')],
  ['tier / ticker look-ups', (_fn, url) => /\/src\/node\/(tiers|tickers)\//.test(url)],
  ['rest handlers + auth (own code)', (_fn, url) => url.includes('/src/node/rest/')],
  ['body read + JSON.parse', (_fn, url) => url.includes('/src/node/http/body.ts')],
  ['error/response middleware', (_fn, url) => url.includes('/src/node/http/')],
  ['logging (pino)', (_fn, url) => url.includes('node_modules/pino') || url.includes('sonic-boom')],
  ['koa respond (JSON.stringify)', (fn, url) => fn === 'respond' && url.includes('node_modules/koa/')],
  ['koa + router + compose', (_fn, url) => /node_modules\/(koa|@koa|koa-compose|path-to-regexp)/.test(url)],
  ['node http / net', (_fn, url) => /^node:(_http|http|net|internal\/(streams|http|stream_base|timers))/.test(url)],
]

const durationSec = Number(flag('duration', '10'))
const connections = Number(flag('connections', '50'))
const accounts = Number(flag('accounts', '16'))
const top = Number(flag('top', '0'))
const stubTrading = flag('stub-trading', 'false') === 'true'
const warmupSec = 3
/** Self time of each function outside the trading path (node only), for --top. */
const nodeHot = new Map<string, number>()

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-attr-'))
const nodeDir = path.join(dir, 'node')
const koaDir = path.join(dir, 'koa')

const node = await startNodeProcess(
  {rateLimits: UNLIMITED_RATES},
  {cpuProfDir: nodeDir, env: stubTrading ? {BENCH_NODE_STUB_TRADING: '1'} : undefined},
)
const traders = await seedTraders(node.grpcAddress, accounts, {USDT: '1000000000', BTC: '100000'})
const flow = new OrderFlow(traders, undefined, 7)
await fire({url: node.httpUrl, connections, durationSec: warmupSec, next: () => flow.next()})
const nodeWindow = await measured(node.httpUrl, node.child.pid!)
await node.close()

const koa = await startChild({entry: 'koa-hello.ts', readyMsg: 'koa started', cpuProfDir: koaDir})
const koaUrl = `http://127.0.0.1:${koa.ports.http}`
await fire({url: koaUrl, connections, durationSec: warmupSec, next: () => flow.next()})
const koaWindow = await measured(koaUrl, koa.child.pid!)
await stopped(koa)

const nodeParts = attribute(largestProfile(nodeDir), nodeWindow, nodeHot)
const koaParts = attribute(largestProfile(koaDir), koaWindow)
const perRequest = (us: number, count: number) => (us / count).toFixed(1)
// Sampled time is wall time between samples: on a busy machine it also counts the time the thread
// waited for a core. The process's CPU time (/proc) does not, so the table scales each component's
// share of the sampled busy time to the CPU µs per request.
const nodeCpu = nodeWindow.cpuUs / nodeWindow.count
const koaCpu = koaWindow.cpuUs / koaWindow.count
const nodeBusy = busy(nodeParts)
const cpuOf = (us: number) => ((us / nodeBusy) * nodeCpu).toFixed(1)
console.log(
  `node: ${int(nodeWindow.count)} requests (${int(nodeWindow.ok)} 2xx) in ${nodeWindow.seconds.toFixed(1)} s; ` +
    `koa: ${int(koaWindow.count)} in ${koaWindow.seconds.toFixed(1)} s`,
)
const rows = [...nodeParts.entries()].filter(([name]) => name !== '(idle)').sort((a, b) => b[1] - a[1])
console.log(
  table(
    ['component', 'CPU µs/req', 'sampled µs/req', 'share of busy'],
    rows.map(([name, us]) => [name, cpuOf(us), perRequest(us, nodeWindow.count), `${((100 * us) / nodeBusy).toFixed(1)}%`]),
  ),
)
const trading = nodeParts.get(TRADING) ?? 0
console.log(`node CPU: ${nodeCpu.toFixed(1)} µs/req (sampled busy ${perRequest(nodeBusy, nodeWindow.count)})`)
console.log(`node CPU outside trading.place and its commit: ${cpuOf(nodeBusy - trading)} µs/req`)
console.log(`koa hello-world CPU: ${koaCpu.toFixed(1)} µs/req (sampled busy ${perRequest(busy(koaParts), koaWindow.count)})`)
if (top > 0) {
  console.log(`\nnode, outside the trading path: top ${top} functions by self time (CPU µs/req)`)
  const hot = [...nodeHot.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)
  console.log(
    table(
      ['function', 'CPU µs/req'],
      hot.map(([name, us]) => [name, cpuOf(us)]),
    ),
  )
}
console.log(`profiles: ${dir}`)

type Window = {from: number; to: number; count: number; ok: number; seconds: number; cpuUs: number}

async function measured(url: string, pid: number): Promise<Window> {
  const cpuBefore = cpuSeconds(pid)
  const from = Number(process.hrtime.bigint() / 1000n)
  const result = await fire({url, connections, durationSec, next: () => flow.next()})
  const to = Number(process.hrtime.bigint() / 1000n)
  const cpu = cpuSeconds(pid) - cpuBefore
  return {from, to, count: result.completed, ok: result.ok, seconds: (to - from) / 1e6, cpuUs: cpu * 1e6}
}

/** User + system CPU of a process (all its threads) from /proc, in seconds (clock ticks of 10 ms). */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

async function stopped(server: ChildServer): Promise<void> {
  await server.stop()
}

function largestProfile(folder: string): Profile {
  const file = fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(folder, f))
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0]!
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Profile
}

function busy(parts: Map<string, number>): number {
  let sum = 0
  for (const [name, us] of parts) if (name !== '(idle)') sum += us
  return sum
}

/** µs per component for the samples inside the window. */
function attribute(profile: Profile, window: Window, hot?: Map<string, number>): Map<string, number> {
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const memo = new Map<number, string>()
  const classify = (id: number): string => {
    const known = memo.get(id)
    if (known) return known
    let name: string | undefined
    for (let at: number | undefined = id; at !== undefined && !name; at = parent.get(at)) {
      if (isTrading(byId.get(at)!.callFrame.url)) name = TRADING
    }
    for (let at: number | undefined = id; at !== undefined && !name; at = parent.get(at)) {
      const {functionName, url} = byId.get(at)!.callFrame
      name = RULES.find(([, test]) => test(functionName, url))?.[0]
    }
    if (!name) {
      const {functionName, url} = byId.get(id)!.callFrame
      name = functionName.startsWith('(') && !url ? functionName : 'other (native, GC, V8 builtins, misc)'
    }
    memo.set(id, name)
    return name
  }
  const parts = new Map<string, number>()
  let t = profile.startTime
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0
    t += delta
    if (t < window.from || t > window.to) continue
    const id = profile.samples[i]!
    const name = classify(id)
    parts.set(name, (parts.get(name) ?? 0) + delta)
    if (hot && name !== TRADING && name !== '(idle)') {
      const {functionName, url} = byId.get(id)!.callFrame
      const fn = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/')}`.trim()
      hot.set(fn, (hot.get(fn) ?? 0) + delta)
    }
  }
  return parts
}
