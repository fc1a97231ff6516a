/**
 * The live P2P events of the caller's orders on WebSocket /api/v1/p2p/ws/ (docs/p2p.md "Decisions"):
 * `{"event": "p2p_order", "order": {...}}` at every committed status change and
 * `{"event": "p2p_message", "message": {...}}` for every chat message, system ones included.
 * Authentication: `?token=<session JWT>`, or `api_key`, `timestamp`, `signature` exactly as for
 * /exchange/ws/orders/ (the same signed string), or as there the `exchange_session` cookie from the
 * node's own origin or an allow-listed one (ws/auth.ts). Refusals are plain HTTP errors before the handshake.
 */
import type http from 'node:http'
import type {Duplex} from 'node:stream'
import {WebSocketServer, type WebSocket} from 'ws'
import type {TrustedProxies} from '../http/client-ip.js'
import type {StreamDeps} from '../public-services.js'
import {authenticateStream} from './auth.js'
import {Heartbeat} from '../http/ws-heartbeat.js'
import {DEFAULT_SEND_LIMITS, Sender} from '../http/ws-sender.js'
import {parseTarget} from '../http/ws-hub.js'
import type {P2PEvent} from '../p2p/orders.js'
import {messageView, orderView} from '../views/p2p.js'

export const P2P_WS_PATH = '/api/v1/p2p/ws/'

export type P2PStream = {
  handles(url: string | undefined): boolean
  /** Accepts the upgrade, or rejects with the refusal. */
  upgrade(request: http.IncomingMessage, socket: Duplex, head: Buffer): Promise<void>
  close(): void
}

/** `proxies`: whose X-Forwarded-For names the client (for API-key allow-lists). */
export function p2pStream(deps: StreamDeps, proxies: TrustedProxies): P2PStream {
  const {services, logger} = deps
  const wss = new WebSocketServer({noServer: true, perMessageDeflate: false, maxPayload: 4096, clientTracking: false})
  const subscribers = new Map<string, Set<Sender>>()
  const sockets = new Set<WebSocket>()
  const heartbeat = new Heartbeat(deps.config.wsPingIntervalMs ?? 30_000, () => logger.debug('p2p ws client did not answer'))

  const send = (accountId: string, frame: () => unknown): void => {
    const set = subscribers.get(accountId)
    if (!set || set.size === 0) return
    const data = Buffer.from(JSON.stringify(frame()))
    for (const sender of set) sender.send(data)
  }
  const onEvent = (event: P2PEvent): void => {
    try {
      for (const party of new Set(event.parties)) {
        if (event.kind === 'order') {
          send(party, () => ({event: 'p2p_order', order: orderView(services.p2p.orderDetails(event.order, party))}))
        } else send(party, () => ({event: 'p2p_message', message: messageView(event.message)}))
      }
    } catch (error) {
      logger.error({err: error}, 'p2p ws publish failed')
    }
  }
  services.p2p.events.on('event', onEvent)

  return {
    handles: (url) => (url ?? '').split('?')[0]!.replace(/\/?$/, '/') === P2P_WS_PATH,
    // A refusal rejects: the listener's upgrade route answers it (ws/streams.ts, http/ws-hub.ts).
    async upgrade(request, socket, head) {
      const url = parseTarget(request.url)
      const {id: accountId} = await authenticateStream(
        {query: url.searchParams, clientIp: proxies.clientAddress(request), upgrade: request, config: deps.config},
        services,
      )
      wss.handleUpgrade(request, socket, head, (ws) => {
        sockets.add(ws)
        heartbeat.track(ws)
        ws.on('error', () => undefined)
        const sender = new Sender(ws, DEFAULT_SEND_LIMITS, () => logger.warn('p2p ws client too slow; dropped'))
        const set = subscribers.get(accountId) ?? new Set<Sender>()
        subscribers.set(accountId, set)
        set.add(sender)
        ws.once('close', () => {
          sockets.delete(ws)
          set.delete(sender)
        })
      })
    },
    close() {
      services.p2p.events.off('event', onEvent)
      heartbeat.stop()
      for (const socket of sockets) socket.terminate()
      sockets.clear()
      subscribers.clear()
      wss.close()
    },
  }
}
