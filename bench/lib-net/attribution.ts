/**
 * Attribution of a V8 CPU profile (node --cpu-prof, one file per thread) to the buckets of
 * bench/attribute.ts, and the per-thread CPU time of a process from /proc.
 *
 * A sample is charged, in this order, to:
 *   1. SQLite, when its leaf frame is SQLite's: a statement wrapper of bench/lib-net/sql-frames.ts
 *      (native SQLite time, the BEGIN/COMMIT of `db.transaction()` included) or better-sqlite3's own
 *      JavaScript (`pragma`, `exec`, the transaction wrapper) — whoever called it;
 *   2. trading.place + commit, when a frame of the trading path is on its stack (src/node/trading,
 *      orders, ledger, engine: only trading reaches them while orders are placed) — whatever its
 *      internals become;
 *   3. otherwise the deepest frame that a rule of RULES recognizes;
 *   4. the garbage collector, or other.
 */
import fs from 'node:fs'
import path from 'node:path'
import {SQL_FRAMES_FILE} from './sql-frames.js'

type CallFrame = {functionName: string; url: string}
type ProfileNode = {id: number; callFrame: CallFrame; children?: number[]}
export type Profile = {nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number}

/** One thread's profile: thread id 0 is the main thread (file name CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile). */
export type ThreadProfile = {threadId: number; file: string; profile: Profile}

export const SQLITE = 'SQLite (statements, BEGIN/COMMIT)'
export const TRADING = 'trading.place + commit (JS, SQLite excluded)'
export const GC = 'garbage collector'
export const OTHER = 'other (V8 builtins, program, misc)'
export const IDLE = '(idle)'

/** Bucket rules, tried on each frame from the leaf up; the first frame that matches names the sample. */
const RULES: [string, (fn: string, url: string) => boolean][] = [
  ['auth: API key, HMAC, account, IP, recv window', (fn, url) => isAuth(fn, url)],
  ['rate limits', (_fn, url) => url.includes('rate-limit')],
  [
    'body read + JSON',
    (fn, url) => url.includes('/src/node/http/body.ts') || (fn === 'respond' && url.includes('node_modules/koa/')),
  ],
  ['REST handlers + middleware (own code)', (_fn, url) => /\/src\/node\/(rest|http|tiers|tickers)\//.test(url)],
  ['logging (pino)', (_fn, url) => url.includes('node_modules/pino') || url.includes('sonic-boom')],
  [
    'Koa + router',
    (_fn, url) => /node_modules\/(koa|@koa|koa-compose|path-to-regexp|on-finished|statuses|http-errors)/.test(url),
  ],
  ['Node HTTP / net', (_fn, url) => /^node:(_http|http|net|internal\/(streams|http|stream_base|timers|net))/.test(url)],
]

/** The buckets in print order. */
export const BUCKETS = [
  'Node HTTP / net',
  'Koa + router',
  'auth: API key, HMAC, account, IP, recv window',
  'body read + JSON',
  'rate limits',
  'REST handlers + middleware (own code)',
  'logging (pino)',
  TRADING,
  SQLITE,
  GC,
  OTHER,
]

function isAuth(fn: string, url: string): boolean {
  return (
    url.includes('/src/node/apikeys/') ||
    url.includes('/src/node/accounts/') ||
    url.includes('/src/node/auth/') ||
    url.includes('/src/node/rest/auth') ||
    url.includes('/src/node/http/net.ts') ||
    url.includes('recv-window') ||
    fn === 'verifySignature' ||
    url === 'node:internal/crypto/hash' ||
    url === 'node:internal/crypto/hmac'
  )
}

const isSqliteLeaf = (frame: CallFrame): boolean =>
  frame.url.includes(SQL_FRAMES_FILE) || frame.url.includes('node_modules/better-sqlite3/')

const isTradingPath = (url: string): boolean => /\/src\/node\/(trading|orders|ledger|engine)\//.test(url)

/** Every thread's profile in `folder`, the main thread first. */
export function loadProfiles(folder: string): ThreadProfile[] {
  return fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => ({
      threadId: Number(f.split('.').at(-3)),
      file: path.join(folder, f),
      profile: asSourcePaths(JSON.parse(fs.readFileSync(path.join(folder, f), 'utf8')) as Profile),
    }))
    .sort((a, b) => a.threadId - b.threadId)
}

/**
 * The compiled product's frames (`dist/node/x.js`) named by their source (`src/node/x.ts`), so that
 * the rules below read both forms of the node (bench/lib/product.ts).
 */
function asSourcePaths(profile: Profile): Profile {
  for (const node of profile.nodes)
    node.callFrame.url = node.callFrame.url.replace(/\/dist\/(node|cli)\/(.*)\.js$/, '/src/$1/$2.ts')
  return profile
}

export type Attribution = {
  /** Sampled µs per bucket inside the window (IDLE included). */
  buckets: Map<string, number>
  /** Sampled µs of self time per function, outside the trading path and SQLite. */
  hot: Map<string, number>
  /** Sampled µs of self time per function, all of them. */
  self: Map<string, number>
  /** Sampled µs of the SQLite bucket whose caller is on the trading path. */
  sqliteUnderTrading: number
}

/** Sampled µs per bucket for the samples taken between `from` and `to` (µs, CLOCK_MONOTONIC). */
export function attribute(profile: Profile, from: number, to: number): Attribution {
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const memo = new Map<number, string>()
  const tradingMemo = new Map<number, boolean>()
  const onTradingPath = (id: number): boolean => {
    let known = tradingMemo.get(id)
    if (known === undefined) {
      known = false
      for (let at: number | undefined = id; at !== undefined && !known; at = parent.get(at)) {
        known = isTradingPath(byId.get(at)!.callFrame.url)
      }
      tradingMemo.set(id, known)
    }
    return known
  }
  const classify = (id: number): string => {
    const known = memo.get(id)
    if (known) return known
    const leaf = byId.get(id)!.callFrame
    let name: string | undefined
    if (isSqliteLeaf(leaf)) name = SQLITE
    else if (onTradingPath(id)) name = TRADING
    for (let at: number | undefined = id; at !== undefined && !name; at = parent.get(at)) {
      const {functionName, url} = byId.get(at)!.callFrame
      name = RULES.find(([, test]) => test(functionName, url))?.[0]
    }
    if (!name) {
      if (leaf.functionName === '(idle)') name = IDLE
      else if (leaf.functionName === '(garbage collector)') name = GC
      else name = OTHER
    }
    memo.set(id, name)
    return name
  }
  const buckets = new Map<string, number>()
  const hot = new Map<string, number>()
  const self = new Map<string, number>()
  let sqliteUnderTrading = 0
  let t = profile.startTime
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0
    t += delta
    if (t < from || t > to) continue
    const id = profile.samples[i]!
    const name = classify(id)
    buckets.set(name, (buckets.get(name) ?? 0) + delta)
    if (name === IDLE) continue
    if (name === SQLITE && onTradingPath(id)) sqliteUnderTrading += delta
    const fn = frameName(byId.get(id)!.callFrame)
    self.set(fn, (self.get(fn) ?? 0) + delta)
    if (name !== TRADING && name !== SQLITE) hot.set(fn, (hot.get(fn) ?? 0) + delta)
  }
  return {buckets, hot, self, sqliteUnderTrading}
}

export function busy(buckets: Map<string, number>): number {
  let sum = 0
  for (const [name, us] of buckets) if (name !== IDLE) sum += us
  return sum
}

/** What a worker thread runs: the src/ (or bench/) files on its stacks, else "loader / other". */
export function threadLabel(profile: Profile): string {
  const files = new Set<string>()
  for (const n of profile.nodes) {
    const m = /.*\/((?:src|bench)\/[^?]+?\.[jt]s)/.exec(n.callFrame.url)
    if (m) files.add(m[1]!)
  }
  const workers = [...files].filter((f) => /worker/i.test(f))
  const shown = workers.length ? workers : [...files]
  return shown.length ? shown.slice(0, 2).join(', ') : 'no src/ code (module loader or idle)'
}

function frameName({functionName, url}: CallFrame): string {
  const where = url.replace(/^.*node_modules\//, '').replace(/^.*\/(src|bench)\//, '$1/')
  return `${functionName || '(anonymous)'} ${where}`.trim()
}

export type ThreadCpu = {name: string; seconds: number; userSeconds: number; systemSeconds: number}

/** CPU seconds (user + system, and each) of each thread of `pid`, by thread id, with its name (/proc, 10 ms ticks). */
export function threadCpu(pid: number): Map<number, ThreadCpu> {
  const threads = new Map<number, ThreadCpu>()
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const userSeconds = Number(fields[11]) / 100
      const systemSeconds = Number(fields[12]) / 100
      threads.set(Number(tid), {name, seconds: userSeconds + systemSeconds, userSeconds, systemSeconds})
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return threads
}

/** What the kernel's thread names stand for in a node process (worker threads are named apart, `workers`). */
const THREAD_NAMES: Record<string, string> = {
  node: 'other "node" threads: V8 platform (GC), libuv pool, module loader',
  'v8:ProfEvntProc': 'v8:ProfEvntProc: the CPU profiler itself',
}

/** The profiler's own threads, left out of the process CPU that the figures are compared with. */
export const PROFILER_THREAD = THREAD_NAMES['v8:ProfEvntProc']!

/**
 * CPU seconds per thread name over an interval (`before` → `after`), the main thread (`pid`) as
 * "main", and each worker thread of `workers` (kernel thread id → module, worker-tids.ts) by its module.
 */
export function cpuByThreadName(
  pid: number,
  before: Map<number, {name: string; seconds: number}>,
  after: Map<number, {name: string; seconds: number}>,
  workers = new Map<number, string>(),
): Map<string, {threads: number; seconds: number}> {
  const out = new Map<string, {threads: number; seconds: number}>()
  for (const [tid, {name, seconds}] of after) {
    const worker = workers.get(tid)
    const key = tid === pid ? 'main thread' : worker ? `worker thread: ${worker}` : (THREAD_NAMES[name] ?? name)
    const spent = seconds - (before.get(tid)?.seconds ?? 0)
    const entry = out.get(key) ?? {threads: 0, seconds: 0}
    entry.threads++
    entry.seconds += spent
    out.set(key, entry)
  }
  return out
}
