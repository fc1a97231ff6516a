/**
 * A pool of WebSocket subscribers for bench/ws, run in a worker thread (so its event loop is not the
 * coordinator's): opens its share of the orderbook and trades sockets, JSON.parses and counts every
 * message, and records publish-to-receive latency of each one — receive time (Date.now()) minus the
 * parsed message's own time: `executed_at` of a trade (set when the trade executes, before its batch
 * commits), `timestamp` of a book snapshot (set when the snapshot is flushed). Both are ISO strings
 * with milliseconds, so latencies are whole ms (±1 ms); the clock is the same machine's.
 *
 * `client: 'raw'` (the default) reads the frames with ws-raw.ts; `client: 'ws'` with the `ws`
 * library's client (what the first two rounds used). Either way, a message is counted only once
 * its frame is complete and its JSON parsed.
 *
 * Counts and latencies go to shared memory (`counters` of the open request), which the coordinator
 * reads for its windows (ws-pool.ts). Messages from the coordinator: `{type: 'open', ...}` → `{type: 'opened'}`;
 * `{type: 'report'}` → `{type: 'report', closed, errors, open}` (the sockets' state);
 * `{type: 'close'}` closes every socket and exits.
 */
import {parentPort} from 'node:worker_threads'
import WebSocket from 'ws'
import {LATENCY_BUCKETS, type OpenRequest, type WorkerReport} from './ws-protocol.js'
import {openRaw, type RawSocket} from './ws-raw.js'

type Stream = 'orderbook' | 'trades'

class Counter {
  constructor(private readonly slots: Float64Array) {}
  record(latencyMs: number): void {
    const slots = this.slots
    slots[0]!++
    const v = latencyMs < 0 ? 0 : latencyMs
    slots[1 + (v >= LATENCY_BUCKETS ? LATENCY_BUCKETS : Math.floor(v))]!++
  }
}

let counters: Record<Stream, Counter> | undefined
const sockets: {readonly open: boolean; terminate(): void}[] = []
const closed: Record<string, number> = {}
let errors = 0
let closing = false

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

/** One message: parsed, counted, and its latency recorded from its own time. */
function received(stream: Stream, text: string): void {
  const now = Date.now()
  const message = JSON.parse(text) as {executed_at?: unknown; timestamp?: unknown}
  const at = stream === 'trades' ? message.executed_at : message.timestamp
  if (typeof at !== 'string') throw new Error(`${stream} message without its time: ${text}`)
  counters![stream].record(now - isoToMs(at))
}

function onClose(code: number): void {
  if (!closing) closed[code] = (closed[code] ?? 0) + 1
}

function connectWs(url: string, stream: Stream): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, {perMessageDeflate: false, skipUTF8Validation: true})
    ws.on('message', (data: Buffer) => received(stream, data.toString('utf8')))
    ws.once('open', () => {
      sockets.push({
        get open() {
          return ws.readyState === WebSocket.OPEN
        },
        terminate: () => ws.terminate(),
      })
      resolve()
    })
    ws.on('error', (error) => {
      errors++
      reject(error)
    })
    ws.once('close', onClose)
  })
}

async function connectRaw(url: string, stream: Stream): Promise<void> {
  let socket: RawSocket
  try {
    socket = await openRaw(url, {
      onText: (text) => received(stream, text),
      onClose,
      onError: (error) => {
        errors++
        if (errors <= 3) console.error(`subscriber error: ${String(error)}`)
      },
    })
  } catch (error) {
    errors++
    throw error
  }
  sockets.push(socket)
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
    const connect = request.client === 'ws' ? connectWs : connectRaw
    await Promise.all(targets.slice(i, i + 50).map(([url, stream]) => connect(url, stream)))
  }
}

parentPort!.on('message', (message: {type: string} & Partial<Omit<OpenRequest, 'type'>>) => {
  switch (message.type) {
    case 'open': {
      const shared = (message as OpenRequest).counters
      counters = {
        orderbook: new Counter(new Float64Array(shared.orderbook)),
        trades: new Counter(new Float64Array(shared.trades)),
      }
      open(message as OpenRequest).then(
        () => parentPort!.postMessage({type: 'opened', open: sockets.length}),
        (error: unknown) => parentPort!.postMessage({type: 'failed', error: String(error)}),
      )
      break
    }
    case 'report': {
      const report: WorkerReport = {
        type: 'report',
        closed: {...closed},
        errors,
        open: sockets.filter((socket) => socket.open).length,
      }
      parentPort!.postMessage(report)
      break
    }
    case 'close':
      closing = true
      for (const socket of sockets) socket.terminate()
      parentPort!.close()
      break
  }
})
