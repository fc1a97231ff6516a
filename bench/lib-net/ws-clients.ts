/**
 * A pool of WebSocket subscribers for bench/ws, run in a worker thread (so its event loop is not the
 * coordinator's): opens its share of the orderbook and trades sockets, counts every message, and
 * records publish-to-receive latency of each one — receive time (Date.now()) minus the message's own
 * time: `executed_at` of a trade (set when the trade executes, before its batch commits), `timestamp`
 * of a book snapshot (set when the snapshot is flushed). Both are ISO strings with milliseconds, so
 * latencies are whole ms (±1 ms); the clock is the same machine's.
 *
 * The times are cut out of the frame without JSON.parse (their place in the frame is fixed by the
 * node's encoders, checked on the first frame of each socket by a full parse).
 *
 * Messages from the coordinator: `{type: 'open', ...}` → `{type: 'opened'}`; `{type: 'reset'}` starts
 * a measurement window; `{type: 'report'}` → `{type: 'report', ...counts, histograms}`;
 * `{type: 'close'}` closes every socket and exits.
 */
import {parentPort} from 'node:worker_threads'
import WebSocket from 'ws'
import {Buckets} from './stats.js'

export type OpenRequest = {
  type: 'open'
  httpPort: number
  tickers: string[]
  orderbook: number
  trades: number
  depth: number
}

export type StreamCounts = {messages: number; bytes: number; histogram: {counts: number[]; max: number}}

export type WorkerReport = {
  type: 'report'
  windowMs: number
  orderbook: StreamCounts
  trades: StreamCounts
  /** Sockets closed by the server during the run (1006 = dropped as too slow), by close code. */
  closed: Record<string, number>
  errors: number
  open: number
}

type Stream = 'orderbook' | 'trades'

class Counter {
  messages = 0
  bytes = 0
  histogram = new Buckets(60_000)
  reset(): void {
    this.messages = 0
    this.bytes = 0
    this.histogram = new Buckets(60_000)
  }
  report(): StreamCounts {
    return {messages: this.messages, bytes: this.bytes, histogram: this.histogram.snapshot()}
  }
}

const counters: Record<Stream, Counter> = {orderbook: new Counter(), trades: new Counter()}
const sockets: WebSocket[] = []
const closed: Record<string, number> = {}
let errors = 0
let closing = false
let windowStart = performance.now()

/** ISO ms strings → epoch ms, with the last one cached (consecutive messages share their ms). */
let lastIso = ''
let lastMs = 0
function isoToMs(iso: string): number {
  if (iso !== lastIso) {
    lastIso = iso
    lastMs = Date.parse(iso)
  }
  return lastMs
}

const TIMESTAMP_KEY = Buffer.from('"timestamp":"')

/** Trades end with `"executed_at":"<24 chars>"}`; snapshots have `"timestamp":"<24 chars>"` before `"seq"`. */
function sentAt(stream: Stream, data: Buffer): number {
  if (stream === 'trades') return isoToMs(data.toString('latin1', data.length - 26, data.length - 2))
  const at = data.lastIndexOf(TIMESTAMP_KEY)
  return isoToMs(data.toString('latin1', at + TIMESTAMP_KEY.length, at + TIMESTAMP_KEY.length + 24))
}

function checkFormat(stream: Stream, data: Buffer): void {
  const parsed = JSON.parse(data.toString('utf8')) as {executed_at?: string; timestamp?: string}
  const expected = Date.parse(stream === 'trades' ? parsed.executed_at! : parsed.timestamp!)
  if (sentAt(stream, data) !== expected) throw new Error(`unexpected ${stream} frame layout: ${data.toString('utf8')}`)
}

function connect(url: string, stream: Stream): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, {perMessageDeflate: false, skipUTF8Validation: true})
    const counter = counters[stream]
    let checked = false
    ws.on('message', (data: Buffer) => {
      const now = Date.now()
      if (!checked) {
        checkFormat(stream, data)
        checked = true
      }
      counter.messages++
      counter.bytes += data.length
      counter.histogram.record(now - sentAt(stream, data))
    })
    ws.once('open', () => {
      sockets.push(ws)
      resolve()
    })
    ws.on('error', (error) => {
      errors++
      reject(error)
    })
    ws.once('close', (code) => {
      if (!closing) closed[code] = (closed[code] ?? 0) + 1
    })
  })
}

async function open(request: OpenRequest): Promise<void> {
  const base = `ws://127.0.0.1:${request.httpPort}/api/v1/exchange/ws`
  const targets: [string, Stream][] = []
  for (let i = 0; i < request.orderbook; i++) {
    const ticker = request.tickers[i % request.tickers.length]!
    targets.push([`${base}/orderbook/?ticker=${ticker}&depth=${request.depth}`, 'orderbook'])
  }
  for (let i = 0; i < request.trades; i++) {
    targets.push([`${base}/trades/?ticker=${request.tickers[i % request.tickers.length]!}`, 'trades'])
  }
  // 50 handshakes at a time.
  for (let i = 0; i < targets.length; i += 50) {
    await Promise.all(targets.slice(i, i + 50).map(([url, stream]) => connect(url, stream)))
  }
}

parentPort!.on('message', (message: {type: string} & Partial<Omit<OpenRequest, 'type'>>) => {
  switch (message.type) {
    case 'open':
      open(message as OpenRequest).then(
        () => parentPort!.postMessage({type: 'opened', open: sockets.length}),
        (error: unknown) => parentPort!.postMessage({type: 'failed', error: String(error)}),
      )
      break
    case 'reset':
      counters.orderbook.reset()
      counters.trades.reset()
      windowStart = performance.now()
      break
    case 'report': {
      const report: WorkerReport = {
        type: 'report',
        windowMs: performance.now() - windowStart,
        orderbook: counters.orderbook.report(),
        trades: counters.trades.report(),
        closed: {...closed},
        errors,
        open: sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length,
      }
      parentPort!.postMessage(report)
      break
    }
    case 'close':
      closing = true
      for (const ws of sockets) ws.terminate()
      parentPort!.close()
      break
  }
})
