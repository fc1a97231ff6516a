/**
 * The three WebSocket streams under /api/v1/exchange/ws/ on the public listener: orderbook,
 * trades, orders. Upgrades are routed here from the HTTP server's 'upgrade' event: the path and
 * query are checked (and the orders stream authenticated) before the handshake, so a refusal is a
 * plain HTTP error with the contract's body. Accepted sockets get a Sender (slow-client policy),
 * join one stream, and are pinged by the heartbeat. The streams are fed by the trading module's
 * 'committed' event, published only after commit.
 */
import type http from 'node:http'
import type {Duplex} from 'node:stream'
import {WebSocketServer, type WebSocket} from 'ws'
import {DEFAULT_CONFIG} from '../config.js'
import {ExchangeError, notFound, toExchangeError} from '../errors.js'
import {TrustedProxies} from '../http/client-ip.js'
import type {HttpDeps} from '../services.js'
import type {CommittedEvents} from '../trading/trading.js'
import {authenticateSignedStream} from './auth.js'
import {Heartbeat} from './heartbeat.js'
import {ConnectionCaps} from './limits.js'
import {OrderbookStream} from './orderbook.js'
import {OrdersStream} from './orders.js'
import {balanceView} from '../views/balances.js'
import {DEFAULT_SEND_LIMITS, Sender, type RawWrite} from './sender.js'
import {TradesStream} from './trades.js'
import {p2pStream} from './p2p.js'
import {parseDepth, parseTarget, refuseUpgrade, requireActiveTicker, streamOf, type StreamName} from './upgrade.js'

export type Streams = {close(): void}

/** Clients only answer pings; anything bigger than this from a client closes its socket (1009). */
const MAX_CLIENT_PAYLOAD = 4096

type Subscribe = (sender: Sender) => () => void

export function attachStreams(server: http.Server, deps: HttpDeps): Streams {
  const {services, logger, config} = deps
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: MAX_CLIENT_PAYLOAD,
    clientTracking: false,
  })
  const orderbook = new OrderbookStream(services.trading)
  const trades = new TradesStream()
  const orders = new OrdersStream()
  const proxies = new TrustedProxies(config.trustedProxies)
  const p2p = p2pStream(deps, proxies)
  const sockets = new Set<WebSocket>()
  // Counts the P2P stream's connections too: every upgrade on this listener passes here.
  const caps = new ConnectionCaps(config.wsLimits)
  const pingIntervalMs = config.wsPingIntervalMs ?? DEFAULT_CONFIG.wsPingIntervalMs ?? 30000
  const heartbeat = new Heartbeat(pingIntervalMs, () => logger.debug('ws client did not answer the ping; dropped'))
  let closed = false

  // Runs inside the trading module's flush: it must never throw into it, and never wait.
  const onCommitted = (events: CommittedEvents): void => {
    try {
      orders.publish(events.orders)
      trades.publish(events.trades)
      orderbook.changed(events.books)
    } catch (error) {
      logger.error({err: error}, 'ws publish failed')
    }
  }

  /** Checks the request and returns how its socket joins its stream; throws an ExchangeError to refuse. */
  const route = (stream: StreamName, query: URLSearchParams, clientIp: string): Subscribe => {
    switch (stream) {
      case 'orderbook': {
        const symbol = requireActiveTicker(query, services.tickers)
        const depth = parseDepth(query)
        return (sender) => orderbook.subscribe(symbol, depth, sender)
      }
      case 'trades': {
        const symbol = requireActiveTicker(query, services.tickers)
        return (sender) => trades.subscribe(symbol, sender)
      }
      case 'orders': {
        const account = authenticateSignedStream({query, clientIp}, services)
        return (sender) => orders.subscribe(account.id, sender)
      }
    }
  }

  const accept = (socket: WebSocket, stream: StreamName, subscribe: Subscribe): void => {
    if (closed) {
      socket.terminate()
      return
    }
    sockets.add(socket)
    heartbeat.track(socket)
    socket.on('error', (error) => logger.debug({err: error, stream}, 'ws socket error'))
    const sender = new Sender(
      socket,
      DEFAULT_SEND_LIMITS,
      (buffered) => logger.warn({stream, buffered_bytes: buffered}, 'ws client too slow; dropped'),
      rawWriter(socket),
    )
    const unsubscribe = subscribe(sender)
    socket.once('close', () => {
      sockets.delete(socket)
      unsubscribe()
    })
  }

  const onUpgrade = (request: http.IncomingMessage, socket: Duplex, head: Buffer): void => {
    let stream: StreamName | undefined
    let subscribe: Subscribe
    try {
      if (closed) throw new ExchangeError('unavailable', 'the node is shutting down')
      const clientIp = proxies.clientAddress(request)
      caps.admit(clientIp, socket)
      if (p2p.handles(request.url)) return p2p.upgrade(request, socket, head)
      const url = parseTarget(request.url)
      stream = streamOf(url.pathname)
      if (!stream) throw notFound(`no WebSocket stream at ${url.pathname}`)
      subscribe = route(stream, url.searchParams, clientIp)
    } catch (thrown) {
      const error = toExchangeError(thrown)
      if (error.code !== 'internal') logger.debug({stream, code: error.code}, 'ws upgrade refused')
      const errorId = error.code === 'internal' ? services.systemErrors.report('ws', error.cause ?? error, {stream}) : undefined
      refuseUpgrade(socket, errorId ? new ExchangeError('internal', `internal error (id ${errorId})`) : error)
      return
    }
    const name = stream
    wss.handleUpgrade(request, socket, head, (ws) => accept(ws, name, subscribe))
  }

  services.trading.events.on('committed', onCommitted)
  // Deposits and withdrawals: the funding balance as committed, on the user stream.
  const offBalances = services.blockchains.onBalance(({accountId, asset, reason}) => {
    try {
      const account = services.accounts.byId(accountId)
      if (!account) return
      const funding = services.balances.list(account, account.fundingAccountId).find((balance) => balance.asset === asset)
      if (funding) orders.publishBalance(accountId, {...balanceView(funding), reason})
    } catch (error) {
      logger.error({err: error}, 'ws balance publish failed')
    }
  })
  server.on('upgrade', onUpgrade)

  return {
    close() {
      if (closed) return
      closed = true
      server.off('upgrade', onUpgrade)
      services.trading.events.off('committed', onCommitted)
      offBalances()
      heartbeat.stop()
      orderbook.close()
      trades.close()
      orders.close()
      p2p.close()
      for (const socket of sockets) {
        // Best effort: the close frame usually reaches the client before the socket is destroyed.
        socket.close(1001, 'server shutting down')
        socket.terminate()
      }
      sockets.clear()
      wss.close()
    },
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
