/**
 * The WebSocket side of the public listener, shared by the transports that serve streams on it
 * (ws/ for /api/v1, binance/ for the Binance-form streams): one 'upgrade' listener that finds the
 * route serving the path, takes a connection slot (caps per IP and in total, ws-caps.ts) and hands
 * the request to the route; for accepted sockets one heartbeat (ws-heartbeat.ts), a Sender each
 * (ws-sender.ts: the slow-client policy), and closing them all at shutdown. A route refuses in its
 * own shape (the error body of docs/rest.md "Errors", or Binance's).
 */
import type http from 'node:http'
import type {Duplex} from 'node:stream'
import {WebSocketServer, type WebSocket} from 'ws'
import {DEFAULT_CONFIG, type NodeConfig} from '../ground/config.js'
import {ExchangeError, invalid, toExchangeError} from '../ground/errors.js'
import type {Logger} from '../ground/logger.js'
import {TrustedProxies} from './client-ip.js'
import {ConnectionCaps} from './ws-caps.js'
import {Heartbeat} from './ws-heartbeat.js'
import {DEFAULT_SEND_LIMITS, Sender, type RawWrite} from './ws-sender.js'

/** Clients of the /api/v1 streams only answer pings: anything bigger closes their socket (1009). */
export const MAX_CLIENT_PAYLOAD = 4096

export type UpgradeRoute = {
  /** Whether this route serves a request for `pathname`. */
  handles(pathname: string): boolean
  /**
   * An admitted upgrade (its connection slot taken): the route accepts it (`WsHub.accept`) or refuses
   * it by throwing — at once, or by rejecting when its check waits (a cluster edge asking the sequencer).
   */
  upgrade(request: http.IncomingMessage, socket: Duplex, head: Buffer, url: URL, clientIp: string): void | Promise<void>
  /** Answers the upgrade with an error in the route's shape and closes the connection. */
  refuse(socket: Duplex, error: ExchangeError): void
}

export class WsHub {
  readonly proxies: TrustedProxies
  private readonly caps: ConnectionCaps
  private readonly heartbeat: Heartbeat
  private readonly servers = new Map<number, WebSocketServer>()
  private readonly sockets = new Set<WebSocket>()
  private closed = false
  private detach: (() => void) | undefined

  constructor(
    config: NodeConfig,
    private readonly logger: Logger,
    /** Logs an internal error and raises its alert; returns the id the refusal names. */
    private readonly report: (error: unknown, path: string) => string,
  ) {
    this.proxies = new TrustedProxies(config.trustedProxies)
    this.caps = new ConnectionCaps(config.wsLimits)
    const pingIntervalMs = config.wsPingIntervalMs ?? DEFAULT_CONFIG.wsPingIntervalMs ?? 30000
    this.heartbeat = new Heartbeat(pingIntervalMs, () => logger.debug('ws client did not answer the ping; dropped'))
  }

  /** Serves the upgrades of `server`: each goes to the first route that handles its path (the last one takes the rest). */
  listen(server: http.Server, routes: readonly UpgradeRoute[]): void {
    const onUpgrade = (request: http.IncomingMessage, socket: Duplex, head: Buffer): void => {
      let route = routes[routes.length - 1]!
      let path = ''
      const refused = (thrown: unknown): void => {
        const error = toExchangeError(thrown)
        if (error.code !== 'internal') {
          this.logger.debug({path, code: error.code}, 'ws upgrade refused')
          route.refuse(socket, error)
          return
        }
        const id = this.report(error.cause ?? error, path)
        route.refuse(socket, new ExchangeError('internal', `internal error (id ${id})`))
      }
      try {
        const url = parseTarget(request.url)
        path = url.pathname
        route = routes.find((candidate) => candidate.handles(path)) ?? route
        if (this.closed) throw new ExchangeError('unavailable', 'the node is shutting down')
        const clientIp = this.proxies.clientAddress(request)
        this.caps.admit(clientIp, socket)
        const upgraded = route.upgrade(request, socket, head, url, clientIp)
        if (upgraded) upgraded.catch(refused)
      } catch (thrown) {
        refused(thrown)
      }
    }
    server.on('upgrade', onUpgrade)
    this.detach = () => server.off('upgrade', onUpgrade)
  }

  /**
   * Completes the handshake and hands the socket, with its Sender, to `open`, which returns what to
   * do when it closes. `maxPayload`: the largest client message (bigger closes the socket, 1009).
   */
  accept(
    request: http.IncomingMessage,
    socket: Duplex,
    head: Buffer,
    options: {label: string; maxPayload?: number},
    open: (ws: WebSocket, sender: Sender) => () => void,
  ): void {
    const server = this.serverFor(options.maxPayload ?? MAX_CLIENT_PAYLOAD)
    server.handleUpgrade(request, socket, head, (ws) => {
      if (this.closed) {
        ws.terminate()
        return
      }
      const {label} = options
      this.sockets.add(ws)
      this.heartbeat.track(ws)
      ws.on('error', (error) => this.logger.debug({err: error, stream: label}, 'ws socket error'))
      const sender = new Sender(
        ws,
        DEFAULT_SEND_LIMITS,
        (buffered) => this.logger.warn({stream: label, buffered_bytes: buffered}, 'ws client too slow; dropped'),
        rawWriter(ws),
      )
      const closed = open(ws, sender)
      ws.once('close', () => {
        this.sockets.delete(ws)
        closed()
      })
    })
  }

  close(): void {
    if (this.closed) return
    this.closed = true
    this.detach?.()
    this.heartbeat.stop()
    for (const socket of this.sockets) {
      // Best effort: the close frame usually reaches the client before the socket is destroyed.
      socket.close(1001, 'server shutting down')
      socket.terminate()
    }
    this.sockets.clear()
    for (const server of this.servers.values()) server.close()
  }

  private serverFor(maxPayload: number): WebSocketServer {
    let server = this.servers.get(maxPayload)
    if (!server) {
      server = new WebSocketServer({noServer: true, perMessageDeflate: false, maxPayload, clientTracking: false})
      this.servers.set(maxPayload, server)
    }
    return server
  }
}

/** The request URL's path and query; a malformed target is an invalid argument. */
export function parseTarget(target: string | undefined): URL {
  try {
    return new URL(target ?? '/', 'http://localhost')
  } catch {
    throw invalid('malformed request target')
  }
}

/**
 * Writes pre-built frames to the socket's TCP stream. `ws` keeps that stream as `_socket`; it is
 * safe to write to it directly because compression is off, so the library's own sender never
 * holds frames back and writes stay in order. `bufferedAmount` still counts these bytes.
 */
function rawWriter(socket: WebSocket): RawWrite | undefined {
  const transport = (socket as unknown as {_socket?: Duplex | null})._socket
  return transport ? (frames, written) => void transport.write(frames, written) : undefined
}
