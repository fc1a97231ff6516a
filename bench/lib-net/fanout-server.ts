/**
 * What-if server of fanout-whatif.ts (not the node): a bare `ws` server in its own process that
 * publishes synthetic trade messages — the exact JSON layout of src/node/ws/trades.ts — to every
 * connected socket, in one of three ways:
 *
 * - `send`: `ws.send(frame)` per message per socket, as src/node/ws/sender.ts does today (one frame
 *   header built and one writev syscall per message per socket);
 * - `cork`: the same sends between `cork()` and `uncork()` of each socket, so the messages of one
 *   batch leave in one writev per socket (per-socket coalescing, ws still frames per socket);
 * - `preframed`: each batch's complete WebSocket frames (header + payload) encoded once into one
 *   buffer shared by all sockets, written with one `write` per socket (coalescing + encoded once);
 * - `stream`: the node's own trades stream (src/node/ws/trades.ts `TradesStream`, with the node's
 *   Sender and raw writer), with its throttle interval and slot count given per run — the node's
 *   fan-out without trading, so its CPU per trade can be measured alone.
 *
 * Every `batchMs` the messages owed at `rate` per second are made (`executed_at` = now) and published.
 */
import http from 'node:http'
import type {AddressInfo} from 'node:net'
import {randomUUID} from 'node:crypto'
import type {Duplex} from 'node:stream'
import {WebSocketServer, type WebSocket} from 'ws'
import type {PublicTrade} from '../../src/node/trading/model.js'
import {publicTradeView} from '../../src/node/views/orders.js'
import {DEFAULT_SEND_LIMITS, Sender} from '../../src/node/http/ws-sender.js'
import {TradesStream} from '../../src/node/ws/trades.js'

type Mode = 'send' | 'cork' | 'preframed' | 'stream'
type RunMessage = {type: 'run'; mode: Mode; rate: number; batchMs: number; intervalMs?: number; slots?: number}

/** The `stream` mode's stream and each socket's subscription to it (remade per run). */
let stream: TradesStream | undefined
const subscriptions = new Map<WebSocket, () => void>()

const sockets = new Set<WebSocket>()
const server = http.createServer((_req, res) => res.end())
const wss = new WebSocketServer({noServer: true, perMessageDeflate: false, clientTracking: false})
server.on('upgrade', (request, socket, head) =>
  wss.handleUpgrade(request, socket, head, (ws) => {
    sockets.add(ws)
    ws.on('error', () => undefined)
    ws.once('close', () => {
      sockets.delete(ws)
      subscriptions.get(ws)?.()
      subscriptions.delete(ws)
    })
  }),
)

let timer: NodeJS.Timeout | undefined
let published = 0

function trade(i: number): PublicTrade {
  const now = Date.now()
  return {
    id: randomUUID(),
    seq: i,
    ticker: 'BTC-USDT',
    price: (30000 + (i % 10) / 2).toFixed(1),
    qty: '0.0003',
    side: i % 2 ? 'sell' : 'buy',
    executedAt: new Date(now).toISOString(),
    executedMs: now,
    takerOrderSeq: i,
  }
}

/** The message of src/node/ws/trades.ts: the view of the v1 trades stream. */
const message = (i: number): Buffer => Buffer.from(JSON.stringify(publicTradeView(trade(i))))

/** The node's stream, as src/node/ws/streams.ts wires it: a Sender per socket writing pre-built frames. */
function subscribeAll(intervalMs?: number, slots?: number): void {
  for (const unsubscribe of subscriptions.values()) unsubscribe()
  subscriptions.clear()
  stream?.close()
  stream = new TradesStream(intervalMs, slots)
  for (const ws of sockets) {
    const transport = (ws as unknown as {_socket: Duplex})._socket
    const sender = new Sender(
      ws,
      DEFAULT_SEND_LIMITS,
      () => undefined,
      (frames) => void transport.write(frames),
    )
    subscriptions.set(ws, stream.subscribe('BTC-USDT', sender))
  }
}

/** An unmasked text frame: FIN + opcode 1, 7-bit or 16-bit length (trade messages are < 64 KiB). */
function frame(payload: Buffer): Buffer {
  const header = payload.length > 125 ? 4 : 2
  const out = Buffer.allocUnsafe(header + payload.length)
  out[0] = 0x81
  if (header === 2) out[1] = payload.length
  else {
    out[1] = 126
    out.writeUInt16BE(payload.length, 2)
  }
  payload.copy(out, header)
  return out
}

function publish(mode: Mode, messages: Buffer[]): void {
  if (mode === 'preframed') {
    const batch = Buffer.concat(messages.map(frame))
    for (const ws of sockets) (ws as unknown as {_socket: import('node:net').Socket})._socket.write(batch)
    return
  }
  for (const ws of sockets) {
    const raw = (ws as unknown as {_socket: import('node:net').Socket})._socket
    if (mode === 'cork') raw.cork()
    for (const m of messages) ws.send(m, {binary: false})
    if (mode === 'cork') raw.uncork()
  }
}

function run({mode, rate, batchMs, intervalMs, slots}: RunMessage): void {
  if (timer) clearInterval(timer)
  if (mode === 'stream') subscribeAll(intervalMs, slots)
  const started = performance.now()
  let made = 0
  timer = setInterval(() => {
    const owed = Math.floor(((performance.now() - started) * rate) / 1000) - made
    const n = Math.min(owed, Math.ceil(rate / 20))
    if (n <= 0) return
    if (mode === 'stream') stream!.publish(Array.from({length: n}, (_, i) => trade(made + i)))
    else
      publish(
        mode,
        Array.from({length: n}, (_, i) => message(made + i)),
      )
    made += n
    published += n
  }, batchMs)
}

process.on('message', (m: RunMessage | {type: 'stop-run'} | {type: 'stats'}) => {
  if (m.type === 'run') run(m)
  else if (m.type === 'stop-run') {
    if (timer) clearInterval(timer)
    timer = undefined
  } else if (m.type === 'stats') {
    process.send!({
      type: 'stats',
      published,
      cpu: process.cpuUsage(),
      elu: performance.eventLoopUtilization(),
      sockets: sockets.size,
    })
  }
})
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({msg: 'fanout started', ports: {http: (server.address() as AddressInfo).port}})}\n`)
})
process.on('SIGTERM', () => process.exit(0))
process.on('disconnect', () => process.exit(0))
