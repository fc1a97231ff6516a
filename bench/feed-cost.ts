/**
 * bench/feed-cost — what sequencer failover's replicated feed (docs/cluster.md "Failover") costs,
 * measured on its parts before it is built. Rough figures: each part runs a few seconds.
 *
 *   node --import tsx bench/feed-cost.ts --from src [--parts entry,disk,nats] [--commands 2000,6000,16000]
 *   (or, after `npm run build`, without `--from src`: the compiled product, as the bench:* scripts measure)
 *
 * 1. `entry` — the row writes (`WriteOp`s) of real trading batches of an in-process sequencer (role
 *    `sequencer` over a nats-server of its own, so the batches carry their `cluster_events` rows),
 *    captured at `Writer.submit` for windows of 1, 16 and 256 commands per event-loop turn (the group
 *    commit's batch): bytes per command as `v8.serialize` and as the cluster codec's JSON, the main
 *    thread's time to encode them, and deflate (level 1) of the v8 bytes. Then what a standby does:
 *    the captured entries applied in order, each in its own transaction through the writer's own
 *    statements, to a copy of the store taken just before them (synchronous=FULL, and OFF for the
 *    CPU alone), and whether the copy then equals the store (orders, trades, balances, ledger, event
 *    log).
 * 2. `disk` — a one-row SQLite commit (WAL, synchronous=FULL) in a temp dir: the local commit an
 *    acknowledgement is added to (serial) or overlapped with (parallel).
 * 3. `nats` — JetStream publish acknowledgements on loopback: one nats-server with an R1 stream, then a
 *    three-server cluster with an R3 stream. One publish at a time (`Nats-Expected-Last-Sequence`
 *    set, as the feed's are) per entry size: latency p50/p99; then pipelined (a sliding window of 64
 *    core publishes with a shared reply subscription, as the event publisher does): entries/s, MB/s,
 *    this process's and the servers' CPU per entry; then, on R3, a local commit followed by its
 *    publish, one after the other, as the primary would answer a batch.
 */
import {spawn, type ChildProcess} from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import v8 from 'node:v8'
import zlib from 'node:zlib'
import Database from 'better-sqlite3'
import {connect, createInbox, headers, type NatsConnection} from '@nats-io/transport-node'
import {jetstream, jetstreamManager, PubHeaders, StorageType} from '@nats-io/jetstream'
import type {WriteOp} from '../src/node/store/writer.js'
import type {PlaceInput} from '../src/node/trading/trading.js'
import {Histogram} from './lib/histogram.js'
import {benchDir, createTraders} from './lib/node.js'
import {product, productLine} from './lib/product.js'
import {flag, int, machine, ns, table} from './lib/report.js'
import {generateWorkload, type WorkloadCommand} from './lib/workload.js'
import {cpuOf} from './lib-net/process-cpu.js'

const {DEFAULT_CONFIG} = await product<typeof import('../src/node/ground/config.js')>('node/ground/config.js')
const {createLogger} = await product<typeof import('../src/node/ground/logger.js')>('node/ground/logger.js')
const {startNode} = await product<typeof import('../src/node/node.js')>('node/node.js')
const {Writer} = await product<typeof import('../src/node/store/writer.js')>('node/store/writer.js')
const {encodeText} = await product<typeof import('../src/node/cluster/codec.js')>('node/cluster/codec.js')

const TICKER = 'TRX-USDT'
const TICKS_PER_UNIT = 100_000
const LOTS_PER_WORKLOAD_LOT = 10

// ---------------------------------------------------------------------------------------------------
// nats-server processes

type Servers = {urls: string[]; pids: number[]; stop(): Promise<void>}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** `count` nats-servers with JetStream on loopback: one alone, or a cluster whose members route to each other. */
async function startServers(count: number): Promise<Servers> {
  const ports = await Promise.all(Array.from({length: count}, () => freePort()))
  const routes = await Promise.all(Array.from({length: count}, () => freePort()))
  const dirs: string[] = []
  const children: ChildProcess[] = []
  for (let i = 0; i < count; i++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-feed-nats-'))
    dirs.push(dir)
    const args = ['-js', '-sd', dir, '-a', '127.0.0.1', '-p', String(ports[i]), '-n', `feed-${i}`]
    if (count > 1) {
      const others = routes.filter((_, j) => j !== i).map((port) => `nats://127.0.0.1:${port}`)
      args.push('--cluster_name', 'feed', '--cluster', `nats://127.0.0.1:${routes[i]}`, '--routes', others.join(','))
    }
    const child = spawn('nats-server', args, {stdio: ['ignore', 'pipe', 'pipe']})
    children.push(child)
  }
  const outputs = children.map(() => '')
  children.forEach((child, i) => {
    const keep = (chunk: Buffer) => (outputs[i] += chunk.toString())
    child.stdout!.on('data', keep)
    child.stderr!.on('data', keep)
  })
  const deadline = Date.now() + 20_000
  while (!outputs.every((output) => output.includes('Server is ready'))) {
    if (Date.now() > deadline || children.some((child) => child.exitCode !== null)) {
      throw new Error(`nats-server did not start:\n${outputs.join('\n---\n')}`)
    }
    await sleep(50)
  }
  const kill = () => children.forEach((child) => child.kill('SIGKILL'))
  process.once('exit', kill)
  return {
    urls: ports.map((port) => `nats://127.0.0.1:${port}`),
    pids: children.map((child) => child.pid!),
    async stop() {
      process.off('exit', kill)
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve()
              child.once('exit', () => resolve())
              child.kill('SIGTERM')
            }),
        ),
      )
      for (const dir of dirs) fs.rmSync(dir, {recursive: true, force: true})
    },
  }
}

// ---------------------------------------------------------------------------------------------------
// 1. entry

type Captured = {
  bytes: Buffer
  jsonBytes: number
  deflatedBytes: number
  v8Ns: number
  jsonNs: number
  deflateNs: number
  ops: number
}

/** Workload commands as trading calls (bench/durable's mapping): a move is a cancel and a place. */
function toCalls(commands: WorkloadCommand[], traders: string[], versions: Map<number, number>) {
  type Call = {kind: 'place'; accountId: string; input: PlaceInput} | {kind: 'cancel'; accountId: string; id: string}
  const calls: Call[] = []
  const clientId = (orderId: number) => `o${orderId}v${versions.get(orderId) ?? 0}`
  for (const c of commands) {
    const accountId = traders[c.accountId - 1]!
    if (c.kind === 'cancel' || c.kind === 'move') calls.push({kind: 'cancel', accountId, id: clientId(c.orderId)})
    if (c.kind === 'move') versions.set(c.orderId, (versions.get(c.orderId) ?? 0) + 1)
    if (c.kind !== 'cancel') {
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
    }
  }
  return calls
}

/** The rows of the tables a trading batch writes, hashed in primary-key order: equal stores, equal digests. */
function digest(db: Database.Database): string {
  const tables = ['orders', 'trades', 'balances', 'ledger_transactions', 'ledger_entries', 'cluster_events']
  return tables
    .map((table) => {
      // Sorted as text: some tables are WITHOUT ROWID.
      const text = db
        .prepare(`SELECT * FROM ${table}`)
        .all()
        .map((row) => JSON.stringify(row))
        .sort()
        .join('\n')
      return `${table}:${text.length}:${simpleHash(text)}`
    })
    .join(' ')
}

function simpleHash(text: string): string {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return (h >>> 0).toString(16)
}

async function entryPart(segments: number[]): Promise<void> {
  const windows = [1, 16, 256]
  const nats = await startServers(1)
  const dataDir = benchDir('exchange-bench-feed-')
  const node = await startNode(
    {
      ...DEFAULT_CONFIG,
      dataDir,
      role: 'sequencer',
      nats: {servers: nats.urls, replicas: 1},
      httpHost: '127.0.0.1',
      httpPort: 0,
      adminHttpPort: 0,
      grpcPort: 0,
      shutdownGraceMs: 1000,
    },
    createLogger('warn'),
  )
  const trading = node.services.trading
  let capture: Captured[] | undefined
  const submit = Writer.prototype.submit
  Writer.prototype.submit = function (this: InstanceType<typeof Writer>, ops: WriteOp[]) {
    if (capture) {
      const t0 = process.hrtime.bigint()
      const bytes = v8.serialize(ops)
      const t1 = process.hrtime.bigint()
      const json = encodeText(ops)
      const t2 = process.hrtime.bigint()
      const deflated = zlib.deflateRawSync(bytes, {level: 1})
      const t3 = process.hrtime.bigint()
      capture.push({
        bytes,
        jsonBytes: Buffer.byteLength(json),
        deflatedBytes: deflated.length,
        v8Ns: Number(t1 - t0),
        jsonNs: Number(t2 - t1),
        deflateNs: Number(t3 - t2),
        ops: ops.length,
      })
    }
    return submit.call(this, ops)
  }
  const copies = [
    path.join(benchDir('exchange-bench-feed-copy-'), 'full.db'),
    path.join(benchDir('exchange-bench-feed-copy-'), 'off.db'),
  ]
  try {
    const traders = await createTraders(node, 50, {USDT: '1000000000', TRX: '1000000000'})
    const total = segments.reduce((sum, n) => sum + n, 0)
    const workload = generateWorkload({targetOrders: 1_000, commands: Math.ceil(total / 1.8), accounts: 50, priceDeviation: 200})
    const versions = new Map<number, number>()
    const fill = toCalls(workload.fill, traders, versions)
    const calls = toCalls(workload.bench, traders, versions)
    const run = async (list: typeof calls, window: number) => {
      let refused = 0
      for (let from = 0; from < list.length; from += window) {
        const pending: Promise<unknown>[] = []
        for (const call of list.slice(from, from + window)) {
          const answer =
            call.kind === 'place'
              ? trading.place(call.accountId, call.input)
              : trading.cancel(call.accountId, {clientOrderId: call.id})
          pending.push(Promise.resolve(answer).catch(() => refused++))
        }
        await Promise.all(pending)
      }
      return refused
    }
    await run(fill, 1_000)
    await trading.drain()
    for (const copy of copies) await node.services.db.backup(copy)
    const statements = (node.services.writer as unknown as {statements: string[]}).statements
    const rows: string[][] = []
    const all: Captured[] = []
    let offset = 0
    for (const [i, window] of windows.entries()) {
      const segment = calls.slice(offset, offset + segments[i]!)
      offset += segments[i]!
      capture = []
      const started = process.hrtime.bigint()
      const refused = await run(segment, window)
      const seconds = Number(process.hrtime.bigint() - started) / 1e9
      const entries = capture
      capture = undefined
      all.push(...entries)
      const sum = (pick: (c: Captured) => number) => entries.reduce((s, c) => s + pick(c), 0)
      const n = segment.length
      rows.push([
        String(window),
        int(n),
        int(n / seconds),
        int(entries.length),
        int(sum((c) => c.bytes.length) / n),
        int(sum((c) => c.jsonBytes) / n),
        int(sum((c) => c.bytes.length) / entries.length),
        int(Math.max(...entries.map((c) => c.bytes.length))),
        ns(sum((c) => c.v8Ns) / n),
        ns(sum((c) => c.jsonNs) / n),
        int(sum((c) => c.deflatedBytes) / n),
        ns(sum((c) => c.deflateNs) / n),
        int(refused),
      ])
    }
    await trading.drain()
    console.log("\n1. entry: a trading batch's row writes (with its cluster_events rows) as a feed entry")
    console.log(
      table(
        [
          'window',
          'commands',
          'cmd/s',
          'entries',
          'v8 B/cmd',
          'JSON B/cmd',
          'v8 B/entry',
          'max entry B',
          'v8 enc/cmd',
          'JSON enc/cmd',
          'deflated B/cmd',
          'deflate/cmd',
          'refused',
        ],
        rows,
      ),
    )
    // What a standby does: the entries in order, each in its own transaction, on the copy taken before them.
    const applied: string[][] = []
    for (const [copy, synchronous] of [
      [copies[0]!, 'FULL'],
      [copies[1]!, 'OFF'],
    ] as const) {
      const db = new Database(copy)
      db.pragma('journal_mode = WAL')
      db.pragma(`synchronous = ${synchronous}`)
      db.pragma('foreign_keys = ON')
      const prepared = statements.map((sql) => db.prepare(sql))
      const apply = db.transaction((ops: WriteOp[]) => {
        for (const [statement, params] of ops) prepared[statement]!.run(params)
      })
      const commands = segments.reduce((s, n) => s + n, 0)
      const cpu0 = process.cpuUsage()
      const t0 = process.hrtime.bigint()
      for (const entry of all) apply(v8.deserialize(entry.bytes) as WriteOp[])
      const wall = Number(process.hrtime.bigint() - t0)
      const cpu = process.cpuUsage(cpu0)
      const same = digest(db) === digest(node.services.db)
      applied.push([
        synchronous,
        int(all.length),
        ns(wall / commands),
        ns(((cpu.user + cpu.system) * 1000) / commands),
        ns(wall / all.length),
        same ? 'yes' : 'NO',
      ])
      db.close()
    }
    console.log('\n   applied by a "standby" to a copy of the store taken before them (one transaction per entry)')
    console.log(table(['synchronous', 'entries', 'wall/cmd', 'CPU/cmd', 'wall/entry', 'copy equals the store'], applied))
  } finally {
    Writer.prototype.submit = submit
    await node.stop()
    await nats.stop()
    for (const dir of [dataDir, ...copies.map((copy) => path.dirname(copy))]) fs.rmSync(dir, {recursive: true, force: true})
  }
}

// ---------------------------------------------------------------------------------------------------
// 2. disk

/** A one-row SQLite commit, WAL and synchronous=FULL, in a temp dir: what a local commit costs here. */
function localStore(): {commit(): void; close(): void} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-feed-disk-'))
  const db = new Database(path.join(dir, 'probe.db'))
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = FULL')
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body BLOB)')
  const insert = db.prepare('INSERT INTO t (body) VALUES (?)')
  const body = Buffer.alloc(1500, 7)
  const commit = db.transaction(() => insert.run(body))
  return {
    commit: () => commit(),
    close() {
      db.close()
      fs.rmSync(dir, {recursive: true, force: true})
    },
  }
}

function diskPart(): void {
  const store = localStore()
  const latency = new Histogram(1_000, 1_000_000)
  const until = Date.now() + 1500
  while (Date.now() < until) {
    const t0 = process.hrtime.bigint()
    store.commit()
    latency.record(Number(process.hrtime.bigint() - t0))
  }
  store.close()
  console.log('\n2. disk: a one-row SQLite commit, WAL, synchronous=FULL, in a temp dir')
  console.log(
    table(
      ['commits', 'p50', 'p99', 'max'],
      [[int(latency.count), ns(latency.percentile(50)), ns(latency.percentile(99)), ns(latency.max)]],
    ),
  )
}

// ---------------------------------------------------------------------------------------------------
// 3. nats

const STREAM = 'FEED_BENCH'
const SUBJECT = 'bench.feed'

async function createStream(nc: NatsConnection, replicas: number): Promise<void> {
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      const jsm = await jetstreamManager(nc)
      await jsm.streams.add({name: STREAM, subjects: [SUBJECT], num_replicas: replicas, storage: StorageType.File})
      return
    } catch (error) {
      // A new cluster elects its JetStream leader first.
      if (Date.now() > deadline) throw error
      await sleep(250)
    }
  }
}

async function lastSeq(nc: NatsConnection): Promise<number> {
  return (await (await jetstreamManager(nc)).streams.info(STREAM)).state.last_seq
}

/** One publish at a time, each expecting the stream's last sequence: the acknowledgement's latency. */
async function oneAtATime(nc: NatsConnection, size: number, ms: number): Promise<Histogram> {
  const js = jetstream(nc)
  const payload = Buffer.alloc(size, 1)
  const latency = new Histogram(1_000, 1_000_000)
  let last = await lastSeq(nc)
  const until = Date.now() + ms
  while (Date.now() < until) {
    const t0 = process.hrtime.bigint()
    const ack = await js.publish(SUBJECT, payload, {expect: {lastSequence: last}})
    latency.record(Number(process.hrtime.bigint() - t0))
    last = ack.seq
  }
  return latency
}

/** A sliding window of core publishes, each expecting its predecessor's sequence, acknowledged on one subscription. */
async function pipelined(
  nc: NatsConnection,
  size: number,
  window: number,
  ms: number,
): Promise<{entries: number; seconds: number}> {
  const payload = Buffer.alloc(size, 1)
  const prefix = createInbox()
  let next = (await lastSeq(nc)) + 1
  let acked = 0
  let inFlight = 0
  let stopping = false
  let failed: Error | undefined
  let done: () => void = () => undefined
  const finished = new Promise<void>((resolve) => (done = resolve))
  const send = () => {
    const h = headers()
    h.set(PubHeaders.ExpectedLastSeqHdr, String(next - 1))
    nc.publish(SUBJECT, payload, {headers: h, reply: `${prefix}.${next}`})
    next++
    inFlight++
  }
  const sub = nc.subscribe(`${prefix}.>`, {
    callback: (_error, msg) => {
      inFlight--
      const ack = JSON.parse(msg.string()) as {seq?: number; error?: {description?: string}}
      if (ack.error) failed ??= new Error(ack.error.description)
      else acked++
      if (!stopping && !failed) send()
      if ((stopping || failed) && inFlight === 0) done()
    },
  })
  const t0 = process.hrtime.bigint()
  for (let i = 0; i < window; i++) send()
  await sleep(ms)
  stopping = true
  await finished
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9
  sub.unsubscribe()
  if (failed) throw failed
  return {entries: acked, seconds}
}

async function natsPart(): Promise<void> {
  const sizes = [2_000, 32_000, 256_000]
  const latencyRows: string[][] = []
  const throughputRows: string[][] = []
  let serialRow: string[] | undefined
  for (const replicas of [1, 3]) {
    const servers = await startServers(replicas)
    const nc = await connect({servers: servers.urls[0], noAsyncTraces: true})
    try {
      await createStream(nc, replicas)
      await oneAtATime(nc, 2_000, 300) // warm-up
      for (const size of sizes) {
        const h = await oneAtATime(nc, size, 1200)
        latencyRows.push([`R${replicas}`, int(size), int(h.count), ns(h.percentile(50)), ns(h.percentile(99))])
      }
      for (const size of [2_000, 32_000]) {
        const cpu0 = process.cpuUsage()
        const servers0 = servers.pids.map(cpuOf)
        const {entries, seconds} = await pipelined(nc, size, 64, 1500)
        const cpu = process.cpuUsage(cpu0)
        const serverCpu = servers.pids.map(cpuOf).reduce((s, c, i) => s + c - servers0[i]!, 0)
        throughputRows.push([
          `R${replicas}`,
          int(size),
          int(entries / seconds),
          ((entries * size) / seconds / 1e6).toFixed(1),
          ns(((cpu.user + cpu.system) * 1000) / entries),
          ns((serverCpu * 1e9) / entries),
        ])
      }
      if (replicas === 3) {
        // The primary's serial order: commit locally, then publish the entry and wait for its acknowledgement.
        const store = localStore()
        const js = jetstream(nc)
        const payload = Buffer.alloc(2_000, 1)
        let last = await lastSeq(nc)
        const h = new Histogram(1_000, 1_000_000)
        const until = Date.now() + 1500
        while (Date.now() < until) {
          const t0 = process.hrtime.bigint()
          store.commit()
          last = (await js.publish(SUBJECT, payload, {expect: {lastSequence: last}})).seq
          h.record(Number(process.hrtime.bigint() - t0))
        }
        store.close()
        serialRow = [int(h.count), ns(h.percentile(50)), ns(h.percentile(99))]
      }
    } finally {
      await nc.close()
      await servers.stop()
    }
  }
  console.log('\n3. nats: JetStream publish acknowledgements on loopback (R1: one server; R3: three servers in a cluster)')
  console.log('   one at a time, each expecting the last sequence')
  console.log(table(['stream', 'entry B', 'publishes', 'p50', 'p99'], latencyRows))
  console.log('   pipelined, 64 in flight (CPU per entry: this process; the nats-servers together)')
  console.log(table(['stream', 'entry B', 'entries/s', 'MB/s', 'client CPU/entry', 'servers CPU/entry'], throughputRows))
  console.log('   R3, serial: a local commit (as in 2.) then the publish of a 2,000 B entry, one batch after the other')
  console.log(table(['batches', 'p50', 'p99'], [serialRow ?? ['-', '-', '-']]))
}

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const parts = flag('parts', 'entry,disk,nats').split(',')
  const segments = flag('commands', '2000,6000,16000').split(',').map(Number)
  console.log(`bench/feed-cost — ${machine()}`)
  console.log(productLine())
  if (parts.includes('entry')) await entryPart(segments)
  if (parts.includes('disk')) diskPart()
  if (parts.includes('nats')) await natsPart()
}

await main()
