/**
 * bench/sched — who gets the machine's cores while bench/rest's load saturates the node, and while
 * it saturates bare Koa: per thread of the server and of the load generator (this process), the CPU
 * it ran and the time it waited runnable for a core (/proc/<pid>/task/<tid>/schedstat), as a share
 * of the wall time and per answered request.
 *
 *   npm run bench:sched [-- --duration 8 --connections 50 --accounts 16 --runs 1 --stub-trading]
 *
 * On a machine whose cores the load generator shares, a server's req/s is bounded by the CPU that
 * it and the generator spend per request together, not by its own alone; a thread that is runnable
 * but waiting ("runq wait") is short of a core. --stub-trading answers every order but the first
 * with the first one's result (bench/lib-net/node-main.ts): no matching, no commit, no fsync — the
 * node without its trading path, for the share of Koa that is left to the rest.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fire, type CannonResult} from './lib-net/cannon.js'
import {startChild, startNodeProcess, UNLIMITED_RATES} from './lib-net/child.js'
import {OrderFlow} from './lib-net/order-flow.js'
import {threadCpu, type ThreadCpu} from './lib-net/attribution.js'
import {seedTraders} from './lib-net/seed.js'
import {readWorkerTids} from './lib-net/worker-tids.js'
import {flag, machine, table} from './lib/report.js'
import {productLine} from './lib/product.js'

const durationSec = Number(flag('duration', '8'))
const connections = Number(flag('connections', '50'))
const accounts = Number(flag('accounts', '16'))
const runs = Number(flag('runs', '1'))
const stubTrading = process.argv.includes('--stub-trading')
/** Also saturate bench/rest's durable floor (bench/lib-net/koa-durable.ts): Koa plus the floor's durable writes. */
const withFloor = flag('floor', 'true') === 'true'

type ThreadTimes = ThreadCpu & {runNs: number; waitNs: number}

/** Per thread of `pid`: user and system CPU (stat) and schedstat's ns on a CPU and ns waiting on a run queue. */
function threadTimes(pid: number): Map<number, ThreadTimes> {
  const threads = new Map<number, ThreadTimes>()
  for (const [tid, cpu] of threadCpu(pid)) {
    try {
      const [run, wait] = fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').trim().split(' ').map(Number)
      threads.set(tid, {...cpu, runNs: run!, waitNs: wait!})
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return threads
}

type Row = {who: string; thread: string; cpu: number; wait: number; cpuPerReq: number; userPerReq: number; systemPerReq: number}

/** The threads of `pid` that ran at least 1% of the interval, and their total. */
function rows(
  who: string,
  pid: number,
  before: Map<number, ThreadTimes>,
  after: Map<number, ThreadTimes>,
  wallNs: number,
  requests: number,
  workers = new Map<number, string>(),
): Row[] {
  const out: Row[] = []
  const total: Row = {who, thread: 'all threads', cpu: 0, wait: 0, cpuPerReq: 0, userPerReq: 0, systemPerReq: 0}
  for (const [tid, end] of after) {
    const start = before.get(tid) ?? {name: end.name, seconds: 0, userSeconds: 0, systemSeconds: 0, runNs: 0, waitNs: 0}
    const run = end.runNs - start.runNs
    const row: Row = {
      who,
      thread: tid === pid ? 'main' : (workers.get(tid) ?? `${end.name} ${tid}`),
      cpu: run / wallNs,
      wait: (end.waitNs - start.waitNs) / wallNs,
      cpuPerReq: run / 1000 / requests,
      userPerReq: ((end.userSeconds - start.userSeconds) * 1e6) / requests,
      systemPerReq: ((end.systemSeconds - start.systemSeconds) * 1e6) / requests,
    }
    for (const key of ['cpu', 'wait', 'cpuPerReq', 'userPerReq', 'systemPerReq'] as const) total[key] += row[key]
    if (row.cpu >= 0.01) out.push(row)
  }
  return [...out.sort((a, b) => b.cpu - a.cpu), total]
}

async function measure(
  who: string,
  url: string,
  pid: number,
  flow: OrderFlow,
  workers?: () => Map<number, string>,
): Promise<{result: CannonResult; rows: Row[]}> {
  const server0 = threadTimes(pid)
  const client0 = threadTimes(process.pid)
  const started = process.hrtime.bigint()
  const result = await fire({url, connections, durationSec, next: () => flow.next()})
  const wallNs = Number(process.hrtime.bigint() - started)
  const requests = result.ok || 1
  return {
    result,
    rows: [
      ...rows(who, pid, server0, threadTimes(pid), wallNs, requests, workers?.()),
      ...rows(`client of ${who}`, process.pid, client0, threadTimes(process.pid), wallNs, requests),
    ],
  }
}

const pctOf = (share: number) => `${(100 * share).toFixed(1)}%`
const us = (value: number) => value.toFixed(1)

console.log(`bench/sched — ${machine()}`)
console.log(productLine())
console.log(
  `POST /api/v1/orders/place/ signed, ${connections} connections, ${durationSec} s on the node then ${durationSec} s on bare Koa, ` +
    `${runs} run(s), ${accounts} accounts${stubTrading ? '; --stub-trading: no matching, no commit' : ''}`,
)
const koa = await startChild({entry: 'koa-hello.ts', readyMsg: 'koa started'})
/** Where the durable floor's child records its writer thread's kernel id. */
const floorTids = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sched-floor-')), 'worker-tids.jsonl')
const floor = withFloor
  ? await startChild({entry: 'koa-durable.ts', readyMsg: 'koa-durable started', env: {BENCH_WORKER_TIDS: floorTids}})
  : undefined
try {
  for (let i = 0; i < runs; i++) {
    // Worker threads are all named "node" by the kernel: the node child records which is which.
    const tids = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sched-')), 'worker-tids.jsonl')
    const node = await startNodeProcess(
      {rateLimits: UNLIMITED_RATES},
      {env: {BENCH_WORKER_TIDS: tids, ...(stubTrading ? {BENCH_NODE_STUB_TRADING: '1'} : {})}},
    )
    try {
      const traders = await seedTraders(node.grpcAddress, accounts, {USDT: '1000000000', BTC: '100000'})
      const flow = new OrderFlow(traders, undefined, 2000 + i)
      const koaUrl = `http://127.0.0.1:${koa.ports.http}`
      await fire({url: node.httpUrl, connections, durationSec: 2, next: () => flow.next()})
      await fire({url: koaUrl, connections, durationSec: 2, next: () => flow.next()})
      const onNode = await measure('node', node.httpUrl, node.child.pid!, flow, () => readWorkerTids(tids))
      const onKoa = await measure('koa', koaUrl, koa.child.pid!, flow)
      const onFloor =
        floor &&
        (await measure('durable floor', `http://127.0.0.1:${floor.ports.http}`, floor.child.pid!, flow, () =>
          readWorkerTids(floorTids),
        ))
      console.log()
      console.log(
        `run ${i + 1}: node ${Math.round(onNode.result.okRps)} req/s (p50 ${onNode.result.p50} ms, p99 ${onNode.result.p99} ms), ` +
          `koa ${Math.round(onKoa.result.rps)} req/s (p50 ${onKoa.result.p50} ms, p99 ${onKoa.result.p99} ms): ` +
          `node/koa ${pctOf(onNode.result.okRps / onKoa.result.rps)}, p99 ${(onNode.result.p99 / onKoa.result.p99).toFixed(2)}×` +
          (onFloor
            ? `; durable floor ${Math.round(onFloor.result.okRps)} req/s (p99 ${onFloor.result.p99} ms): ` +
              `floor/koa ${pctOf(onFloor.result.okRps / onKoa.result.rps)}, p99 ${(onFloor.result.p99 / onKoa.result.p99).toFixed(2)}×`
            : ''),
      )
      console.log(
        table(
          ['process', 'thread', 'CPU', 'runq wait', 'CPU µs/req', 'user µs/req', 'system µs/req'],
          [...onNode.rows, ...onKoa.rows, ...(onFloor?.rows ?? [])].map((r) => [
            r.who,
            r.thread,
            pctOf(r.cpu),
            pctOf(r.wait),
            us(r.cpuPerReq),
            us(r.userPerReq),
            us(r.systemPerReq),
          ]),
        ),
      )
    } finally {
      await node.close()
      fs.rmSync(path.dirname(tids), {recursive: true, force: true})
    }
  }
} finally {
  await koa.stop()
  await floor?.stop()
  fs.rmSync(path.dirname(floorTids), {recursive: true, force: true})
}
