/**
 * The market streams of the Binance-form API (docs/binance-compat.md "Market streams") on the public listener's WebSocket hub
 * (http/ws-hub.ts: caps, heartbeat, a Sender per socket): `/ws`, `/ws/<anything>` (a stream name
 * there is subscribed at once) and `/stream?streams=a/b` (messages wrapped as `{stream, data}`).
 * A client sends `{"method": "SUBSCRIBE" | "UNSUBSCRIBE" | "LIST_SUBSCRIPTIONS", "params": [...],
 * "id": n}` and is answered `{"result": null | [...], "id": n}`, or `{"error": {code, msg}, "id"}`
 * (Binance's codes: 3 not JSON, 2 an invalid request, 1 a wrong type). Streams are fed by the
 * trading module's committed events: the books' updates (depth-streams.ts), the trades and the
 * statistics (activity-streams.ts).
 */
import {STATUS_CODES} from 'node:http'
import type {Duplex} from 'node:stream'
import type {WebSocket} from 'ws'
import type {ExchangeError} from '../ground/errors.js'
import type {StreamDeps} from '../public-services.js'
import type {UpgradeRoute, WsHub} from '../http/ws-hub.js'
import {endWith} from '../http/lingering-close.js'
import type {CommittedEvents} from '../trading/trading.js'
import {ActivityStreams} from './activity-streams.js'
import {DepthStreams} from './depth-streams.js'
import {BINANCE_ERRORS, BinanceError, toBinance} from './errors.js'
import {pairName} from './params.js'
import {parseStream, type StreamSpec} from './stream-names.js'
import {Topics, type StreamClient} from './topics.js'
import {ListenKeyStreams} from './listen-keys.js'
import type {UserData} from './user-data.js'
import type {Account} from '../accounts/accounts.js'

/** Streams one connection may follow, as Binance. */
export const MAX_STREAMS = 1024
/** The largest client message: a SUBSCRIBE of a few hundred streams. */
const MAX_CLIENT_PAYLOAD = 64 * 1024

export type BinanceStreams = UpgradeRoute & {close(): void}

export function binanceStreams(hub: WsHub, deps: StreamDeps, userData: UserData): BinanceStreams {
  const {services, logger} = deps
  const listenKeys = new ListenKeyStreams(deps, userData)
  const specs = new Map<string, StreamSpec>()
  const pairOf = (symbol: string): string => {
    const ticker = services.tickers.get(symbol)
    return ticker ? pairName(ticker) : symbol.replace('-', '')
  }
  const topics: Topics = new Topics(
    (name, client, first) => {
      const spec = specs.get(name)!
      depth.joined(name, spec, client, first)
      activity.joined(name, spec, client, first)
    },
    (name) => {
      depth.closed(name)
      activity.closed(name)
      specs.delete(name)
    },
  )
  const depth = new DepthStreams(topics, services.trading, pairOf)
  const activity = new ActivityStreams(topics, services, pairOf)

  // Runs inside the trading module's flush: it must never throw into it, and never wait.
  const onCommitted = (events: CommittedEvents): void => {
    try {
      depth.published(events.depth)
      activity.published(events)
    } catch (error) {
      logger.error({err: error}, 'binance stream publish failed')
    }
  }
  services.trading.events.on('committed', onCommitted)

  /** The spec of a stream name (kept while the stream has clients); undefined when it names none. */
  const resolve = (name: unknown): string | undefined => {
    if (typeof name !== 'string' || name.length > 64) return undefined
    if (specs.has(name)) return name
    const spec = parseStream(name, services.tickers)
    if (!spec) return undefined
    specs.set(name, spec)
    return name
  }

  const subscribe = (client: StreamClient, names: readonly string[]): void => {
    if (client.streams.size + names.filter((name) => !client.streams.has(name)).length > MAX_STREAMS) {
      throw new BinanceError(2, `Invalid request: a connection follows at most ${MAX_STREAMS} streams`)
    }
    for (const name of names) topics.add(client, name)
  }

  const onMessage = (ws: WebSocket, client: StreamClient, data: Buffer): void => {
    let id: unknown = null
    try {
      let request: unknown
      try {
        request = JSON.parse(data.toString('utf8'))
      } catch {
        throw new BinanceError(3, 'Invalid JSON: the message is not JSON')
      }
      if (typeof request !== 'object' || request === null || Array.isArray(request)) {
        throw new BinanceError(2, 'Invalid request: the message must be a JSON object')
      }
      const {method, params} = request as {method?: unknown; params?: unknown}
      id = (request as {id?: unknown}).id ?? null
      if (!(
        id === null ||
        (typeof id === 'number' && Number.isSafeInteger(id) && id >= 0) ||
        (typeof id === 'string' && id.length <= 36)
      )) {
        id = null
        throw new BinanceError(2, 'Invalid request: request ID must be an unsigned integer or a string of up to 36 characters')
      }
      let result: string[] | null = null
      switch (method) {
        case 'SUBSCRIBE':
        case 'UNSUBSCRIBE': {
          if (!Array.isArray(params)) throw new BinanceError(1, 'Invalid value type: params must be an array of stream names')
          const names = params.map((name) => {
            const resolved = resolve(name)
            if (resolved === undefined) throw new BinanceError(2, `Invalid request: unknown stream ${JSON.stringify(name)}`)
            return resolved
          })
          if (method === 'SUBSCRIBE') subscribe(client, names)
          else for (const name of names) topics.remove(client, name)
          break
        }
        case 'LIST_SUBSCRIPTIONS':
          result = [...client.streams]
          break
        default:
          throw new BinanceError(
            2,
            `Invalid request: unknown method ${JSON.stringify(method)}; expected SUBSCRIBE, UNSUBSCRIBE or LIST_SUBSCRIPTIONS`,
          )
      }
      client.sender.send(Buffer.from(JSON.stringify({result, id})))
    } catch (thrown) {
      const error = toBinance(thrown, (cause) => services.systemErrors.report('ws', cause, {path: 'binance stream'}))
      if (ws.readyState === ws.OPEN)
        client.sender.send(Buffer.from(JSON.stringify({error: {code: error.code, msg: error.message}, id})))
    }
  }

  return {
    handles: (path) => path === '/ws' || path.startsWith('/ws/') || path === '/stream' || path === '/stream/',
    async upgrade(request, socket, head, url, clientIp) {
      const combined = url.pathname.startsWith('/stream')
      let initial: string[] = []
      let listenKey: {key: string; account: Account} | undefined
      if (combined) {
        initial = (url.searchParams.get('streams') ?? '').split('/').filter(Boolean)
        const unknown = initial.find((name) => resolve(name) === undefined)
        if (unknown !== undefined)
          return refuseUpgrade(socket, new BinanceError(-1121, `Invalid stream: ${JSON.stringify(unknown)}`))
        if (initial.length > MAX_STREAMS)
          return refuseUpgrade(socket, new BinanceError(-1100, `A connection follows at most ${MAX_STREAMS} streams`))
      } else if (url.pathname.startsWith('/ws/')) {
        // /ws/<anything>: a stream name there is followed from the start (Binance's raw streams).
        // An open listen key there follows the account's user data too (listen-keys.ts).
        const tail = url.pathname.slice('/ws/'.length)
        if (resolve(tail) !== undefined) initial = [tail]
        else {
          const account = await listenKeys.accountOf(tail, clientIp)
          if (account) listenKey = {key: tail, account}
        }
      }
      hub.accept(request, socket, head, {label: 'binance', maxPayload: MAX_CLIENT_PAYLOAD}, (ws, sender) => {
        const client: StreamClient = {sender, combined, streams: new Set()}
        ws.on('message', (data: Buffer, isBinary: boolean) => onMessage(ws, client, isBinary ? Buffer.from('') : data))
        subscribe(client, initial)
        const unfollow = listenKey ? listenKeys.follow(listenKey.key, listenKey.account, sender, clientIp) : undefined
        return () => {
          unfollow?.()
          topics.removeAll(client)
        }
      })
    },
    refuse: (socket, error) => refuseUpgrade(socket, error),
    close() {
      listenKeys.close()
      services.trading.events.off('committed', onCommitted)
      depth.close()
      activity.close()
      topics.clear()
    },
  }
}

/** Refuses an upgrade with a plain HTTP response carrying `{code, msg}`, and closes without a reset (http/lingering-close.ts). */
export function refuseUpgrade(socket: Duplex, thrown: ExchangeError | BinanceError): void {
  // (An internal error arrives reported already, its message naming the id.)
  const error =
    thrown instanceof BinanceError
      ? thrown
      : new BinanceError(BINANCE_ERRORS[thrown.code].code, thrown.message, BINANCE_ERRORS[thrown.code].status)
  const body = JSON.stringify({code: error.code, msg: error.message})
  endWith(
    socket,
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\n` +
      'Connection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  )
}
