/**
 * The durable floor of bench/rest: bare Koa plus the least a durable order can write, done the way
 * the node does it. Each `POST` body is read and JSON.parsed by the node's own `readBody`, then
 * written as bench/durable's plain-SQLite floor writes a command (bench/lib/floor.ts: one row of the
 * node's real `orders` table with its indexes and one balance UPDATE). The writes go to a writer thread
 * (koa-durable-writer.ts), in batches of what arrived in one event-loop turn. That thread commits
 * every batch waiting for it in one transaction with synchronous=FULL, and each request is answered
 * only after the commit, with a small JSON body.
 *
 * No authentication, no matching, no ledger journal, no checks: what it costs over bare Koa is the
 * body, the hand-over to a thread and the durable commit of the floor's rows. A node that answers
 * after a durable commit of at least those rows can, by this measure, go no faster on this machine.
 *
 * Accounts: the first time an `X-API-Key` is seen it gets the next of `ACCOUNTS` floor accounts (the
 * bench's traders map one to one). Prints `{"msg":"koa-durable started","ports":{"http":N}}`.
 */
import fs from 'node:fs'
import http from 'node:http'
import type {AddressInfo} from 'node:net'
import os from 'node:os'
import path from 'node:path'
import Koa from 'koa'
import type {FloorCommand} from '../lib/floor.js'
import {readBody} from '../../src/node/http/body.js'
import {startWorker} from '../../src/node/ground/workers.js'
import {recordWorkerTids} from './worker-tids.js'

export type FloorWriterData = {dataDir: string; accounts: string[]}
/** To the thread: one event-loop turn's commands. From it: `ready`, or the id of a committed batch. */
export type FloorBatch = {id: number; commands: FloorCommand[]}

const ACCOUNTS = 64
const accounts = Array.from({length: ACCOUNTS}, (_, i) => `floor-account-${i}`)
// bench/sched names the writer thread by its kernel id.
if (process.env['BENCH_WORKER_TIDS']) recordWorkerTids(process.env['BENCH_WORKER_TIDS'])
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'koa-durable-'))
const writer = startWorker(new URL('./koa-durable-writer.js', import.meta.url), {dataDir, accounts} satisfies FloorWriterData)
await new Promise<void>((resolve, reject) => {
  writer.once('message', () => resolve())
  writer.once('error', reject)
})

const accountOfKey = new Map<string, string>()
const waiting = new Map<number, (() => void)[]>()
let queue: {command: FloorCommand; done: () => void}[] = []
let nextBatch = 1
writer.on('error', (error) => {
  // A floor that cannot write would leave every request hanging: end the run loudly instead.
  process.stderr.write(`durable floor writer failed: ${String(error)}\n`)
  process.exit(1)
})
writer.on('message', (id: number) => {
  for (const done of waiting.get(id) ?? []) done()
  waiting.delete(id)
})

function flush(): void {
  const batch = queue
  queue = []
  const id = nextBatch++
  waiting.set(
    id,
    batch.map((item) => item.done),
  )
  writer.postMessage({id, commands: batch.map((item) => item.command)} satisfies FloorBatch)
}

function durable(command: FloorCommand): Promise<void> {
  return new Promise((resolve) => {
    if (queue.length === 0) setImmediate(flush)
    queue.push({command, done: resolve})
  })
}

let orders = 0
const app = new Koa()
// The body is read and parsed as the node reads it.
app.use(readBody)
app.use(async (ctx) => {
  const body = ctx.request.body ?? {}
  const key = ctx.get('x-api-key')
  let accountId = accountOfKey.get(key)
  if (!accountId) {
    accountId = accounts[accountOfKey.size % ACCOUNTS]!
    accountOfKey.set(key, accountId)
  }
  const side = body['side'] === 'sell' ? 'sell' : 'buy'
  await durable({
    accountId,
    side,
    timeInForce: body['time_in_force'] === 'IOC' ? 'IOC' : 'GTC',
    priceTicks: 3_000_000,
    qtyLots: 10,
    heldAsset: side === 'buy' ? 'USDT' : 'BTC',
    held: 1n,
  })
  ctx.body = {order_id: `floor-${++orders}`, status: 'open'}
})
const server = http.createServer(app.callback())
server.keepAliveTimeout = 5000
server.listen(0, '127.0.0.1', () => {
  const {port} = server.address() as AddressInfo
  process.stdout.write(`${JSON.stringify({msg: 'koa-durable started', ports: {http: port}})}\n`)
})
const stop = () =>
  server.close(() => {
    void writer.terminate().then(() => {
      fs.rmSync(dataDir, {recursive: true, force: true})
      process.exit(0)
    })
  })
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
process.on('disconnect', stop)
