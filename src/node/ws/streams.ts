/**
 * The three WebSocket streams under /api/v1/exchange/ws/ on the public listener: orderbook,
 * trades, orders (and the P2P stream, p2p.ts). Upgrades come here from the listener's WebSocket hub
 * (http/ws-hub.ts: connection caps, heartbeat, a Sender per socket): the path and query are checked
 * (and the orders stream authenticated) before the handshake, so a refusal is a plain HTTP error
 * with the error body of docs/rest.md "Errors". The streams are fed by the trading module's 'committed' event,
 * published only after commit.
 */
import type http from 'node:http'
import {notFound} from '../ground/errors.js'
import type {StreamDeps} from '../public-services.js'
import type {UpgradeRoute, WsHub} from '../http/ws-hub.js'
import type {CommittedEvents} from '../trading/trading.js'
import {authenticateOrdersStream} from './auth.js'
import {OrderbookStream} from './orderbook.js'
import {OrdersStream} from './orders.js'
import {balanceView} from '../views/balances.js'
import type {Sender} from '../http/ws-sender.js'
import {TradesStream} from './trades.js'
import {p2pStream} from './p2p.js'
import {parseDepth, refuseUpgrade, requireActiveTicker, streamOf, type StreamName} from './upgrade.js'

export type Streams = UpgradeRoute & {close(): void}

type Subscribe = (sender: Sender) => () => void

/** The /api/v1 streams as the route of the listener's WebSocket hub that takes every path no other route serves. */
export function attachStreams(hub: WsHub, deps: StreamDeps): Streams {
  const {services, logger} = deps
  const orderbook = new OrderbookStream(services.trading)
  const trades = new TradesStream()
  const orders = new OrdersStream()
  const p2p = p2pStream(deps, hub.proxies)

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

  /** Checks the request and returns how its socket joins its stream; throws (rejects) an ExchangeError to refuse. */
  const route = async (
    stream: StreamName,
    request: http.IncomingMessage,
    query: URLSearchParams,
    clientIp: string,
  ): Promise<Subscribe> => {
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
        const account = await authenticateOrdersStream({query, clientIp, upgrade: request, config: deps.config}, services)
        return (sender) => orders.subscribe(account.id, sender)
      }
    }
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

  return {
    // Every path under the listener that no other route serves: unknown ones are refused here (404).
    handles: () => true,
    async upgrade(request, socket, head, url, clientIp) {
      if (p2p.handles(request.url)) return p2p.upgrade(request, socket, head)
      const stream = streamOf(url.pathname)
      if (!stream) throw notFound(`no WebSocket stream at ${url.pathname}`)
      const subscribe = await route(stream, request, url.searchParams, clientIp)
      hub.accept(request, socket, head, {label: stream}, (_ws, sender) => subscribe(sender))
    },
    refuse: refuseUpgrade,
    close() {
      services.trading.events.off('committed', onCommitted)
      offBalances()
      orderbook.close()
      trades.close()
      orders.close()
      p2p.close()
    },
  }
}
