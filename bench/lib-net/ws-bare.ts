/**
 * Entry of bench/cluster's baseline child: a bare `ws` server (no exchange code) that broadcasts
 * given frames to every connected socket, `ws.send` per frame per socket, batch by batch at the pace
 * they were recorded — the same frames an edge delivered, so the CPU per delivered message of the
 * two can be compared in one run. IPC `{type: 'replay', batches: [{atMs, frames}]}` → `{type: 'replayed'}`.
 */
import http from 'node:http'
import type {AddressInfo} from 'node:net'
import {WebSocketServer, type WebSocket} from 'ws'

type Replay = {type: 'replay'; batches: {atMs: number; frames: string[]}[]}

const sockets = new Set<WebSocket>()
const server = http.createServer((_req, res) => res.end())
const wss = new WebSocketServer({noServer: true, perMessageDeflate: false, clientTracking: false})
server.on('upgrade', (request, socket, head) =>
  wss.handleUpgrade(request, socket, head, (ws) => {
    sockets.add(ws)
    ws.on('error', () => undefined)
    ws.once('close', () => sockets.delete(ws))
  }),
)
server.listen(0, '127.0.0.1', () => {
  console.log(JSON.stringify({level: 30, msg: 'bare ws started', ports: {http: (server.address() as AddressInfo).port}}))
})

process.on('message', (message: Replay) => {
  if (message.type !== 'replay') return
  const start = performance.now()
  const first = message.batches[0]?.atMs ?? 0
  let next = 0
  const tick = () => {
    const elapsed = performance.now() - start
    while (next < message.batches.length && message.batches[next]!.atMs - first <= elapsed) {
      const frames = message.batches[next++]!.frames.map((frame) => Buffer.from(frame))
      for (const ws of sockets) for (const frame of frames) ws.send(frame)
    }
    if (next < message.batches.length) setTimeout(tick, Math.max(0, message.batches[next]!.atMs - first - elapsed))
    else process.send!({type: 'replayed'})
  }
  tick()
})
process.on('SIGTERM', () => process.exit(0))
process.on('disconnect', () => process.exit(0))
