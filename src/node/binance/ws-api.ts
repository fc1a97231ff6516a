/**
 * The WebSocket API of the Binance form at `/ws-api/v3` (docs/binance-compat.md "User data"), the user-data part of it:
 * requests `{"id", "method", "params"}` answered `{"id", "status": 200, "result"}` or `{"id",
 * "status", "error": {"code", "msg"}}`. Methods: `ping`, `time`, `userDataStream.subscribe.signature`
 * (params `apiKey`, `timestamp`, `recvWindow?`, `signature` = HMAC-SHA256 of the other params sorted
 * by name, `k=v` joined by `&`; result `{subscriptionId}`, then `{"subscriptionId", "event"}` pushes
 * from user-data.ts) and `userDataStream.unsubscribe`. The signature is checked by the one check of
 * every signed surface (apikeys/signed-request.ts); every request draws on the listener's one rate
 * limiter (the standard class: per IP, per account once subscribed) — over it, 429 with -1003.
 */
import type {WebSocket} from 'ws'
import type {Account} from '../accounts/accounts.js'
import {API_KEY_FORMAT} from '../apikeys/apikeys.js'
import {refusalError, type SignedNames} from '../apikeys/signed-request.js'
import {RetryLater} from '../ground/errors.js'
import type {Sender} from '../http/ws-sender.js'
import type {UpgradeRoute, WsHub} from '../http/ws-hub.js'
import type {HttpDeps} from '../public-services.js'
import {BinanceError, missing, toBinance} from './errors.js'
import {refuseUpgrade} from './streams.js'
import type {UserData} from './user-data.js'

export const WS_API_PATH = '/ws-api/v3'
const MAX_CLIENT_PAYLOAD = 64 * 1024

const WS_API_NAMES: SignedNames = {
  timestamp: 'timestamp',
  recvWindow: 'recvWindow',
  signature: 'signature',
  signed: 'the other params sorted by name, k=v joined by &',
}

type Connection = {sender: Sender; clientIp: string; subscriptions: Map<number, () => void>; nextId: number}
type Request = {id: unknown; method: unknown; params: Record<string, unknown>}

export function binanceWsApi(hub: WsHub, deps: HttpDeps, userData: UserData): UpgradeRoute {
  const {services, limiter} = deps

  const reply = (connection: Connection, id: unknown, status: number, body: Record<string, unknown>): void => {
    connection.sender.send(Buffer.from(JSON.stringify({id, status, ...body})))
  }

  /** Takes the caller's classes (the standard class per IP before a subscription names an account); -1003 over one. */
  const limit = (connection: Connection, account?: Account): void => {
    const verdicts = account ? limiter.caller(connection.clientIp, account) : [limiter.standard(connection.clientIp)]
    const refused = verdicts.find((verdict) => !verdict.allowed)
    if (refused) throw new RetryLater(`too many requests; retry after ${refused.retryAfterSeconds} s`, refused.retryAfterSeconds)
  }

  const subscribe = async (connection: Connection, params: Record<string, unknown>): Promise<{subscriptionId: number}> => {
    const text = (name: string): string | undefined => {
      const value = params[name]
      if (value === undefined || value === null) return undefined
      if (typeof value !== 'string' && typeof value !== 'number')
        throw new BinanceError(-1100, `Parameter '${name}' must be a string or a number.`)
      return String(value)
    }
    const apiKey = text('apiKey') ?? ''
    if (!API_KEY_FORMAT.test(apiKey)) throw new BinanceError(-2014, 'API-key format invalid.', 401)
    const timestamp = text('timestamp')
    if (timestamp === undefined) throw missing('timestamp')
    const signature = text('signature')
    if (signature === undefined) throw missing('signature')
    const payload = Object.keys(params)
      .filter((name) => name !== 'signature')
      .sort()
      .map((name) => `${name}=${text(name) ?? ''}`)
      .join('&')
    const result = await services.signedRequests.check({
      apiKey,
      timestamp,
      recvWindow: text('recvWindow') ?? '',
      signature,
      payload,
      peerIp: connection.clientIp,
      permission: 'read',
      names: WS_API_NAMES,
    })
    if (!result.ok) throw refusalError(result)
    limit(connection, result.account)
    const subscriptionId = connection.nextId++
    const send = (event: unknown): void => connection.sender.send(Buffer.from(JSON.stringify({subscriptionId, event})))
    connection.subscriptions.set(
      subscriptionId,
      userData.subscribe(result.account, send, {
        stillAdmitted: () => services.signedRequests.recheckKey({apiKey, peerIp: connection.clientIp, permission: 'read'}).ok,
        ended: () => {
          connection.subscriptions.get(subscriptionId)?.()
          connection.subscriptions.delete(subscriptionId)
          send({e: 'eventStreamTerminated', E: Date.now()})
        },
      }),
    )
    return {subscriptionId}
  }

  const unsubscribe = (connection: Connection, params: Record<string, unknown>): Record<string, never> => {
    const id = params['subscriptionId']
    if (id === undefined) {
      for (const off of connection.subscriptions.values()) off()
      connection.subscriptions.clear()
      return {}
    }
    const off = typeof id === 'number' ? connection.subscriptions.get(id) : undefined
    if (!off) throw new BinanceError(-2013, 'Invalid subscriptionId.')
    off()
    connection.subscriptions.delete(id as number)
    return {}
  }

  const answer = (connection: Connection, request: Request): unknown => {
    switch (request.method) {
      case 'ping':
        limit(connection)
        return {}
      case 'time':
        limit(connection)
        return {serverTime: Date.now()}
      case 'userDataStream.subscribe.signature':
        return subscribe(connection, request.params)
      case 'userDataStream.unsubscribe':
        return unsubscribe(connection, request.params)
      default:
        throw new BinanceError(-1020, `Unsupported method ${JSON.stringify(request.method)}.`)
    }
  }

  const onMessage = (connection: Connection, data: Buffer): void => {
    let id: unknown = null
    const refused = (thrown: unknown): void => {
      const error = toBinance(thrown, (cause) => services.systemErrors.report('ws', cause, {path: WS_API_PATH}))
      reply(connection, id, error.status, {error: {code: error.code, msg: error.message}})
    }
    try {
      const request = parse(data)
      id = request.id
      const result = answer(connection, request)
      // A subscription's signed check may wait (a cluster edge asking the sequencer for a key it lacks).
      if (result instanceof Promise) result.then((value) => reply(connection, request.id, 200, {result: value}), refused)
      else reply(connection, id, 200, {result})
    } catch (thrown) {
      refused(thrown)
    }
  }

  return {
    handles: (path) => path === WS_API_PATH || path === `${WS_API_PATH}/`,
    upgrade(request, socket, head, _url, clientIp) {
      hub.accept(request, socket, head, {label: 'binance-ws-api', maxPayload: MAX_CLIENT_PAYLOAD}, (ws: WebSocket, sender) => {
        const connection: Connection = {sender, clientIp, subscriptions: new Map(), nextId: 0}
        ws.on('message', (data: Buffer, isBinary: boolean) => onMessage(connection, isBinary ? Buffer.from('') : data))
        return () => {
          for (const off of connection.subscriptions.values()) off()
          connection.subscriptions.clear()
        }
      })
    },
    refuse: (socket, error) => refuseUpgrade(socket, error),
  }
}

/** A request frame: a JSON object with an `id` (a string or an integer), a `method` and optional `params`. */
function parse(data: Buffer): Request {
  let request: unknown
  try {
    request = JSON.parse(data.toString('utf8'))
  } catch {
    throw new BinanceError(-1000, 'Invalid JSON: the message is not JSON.')
  }
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    throw new BinanceError(-1000, 'Invalid request: the message must be a JSON object.')
  }
  const {id, method, params} = request as {id?: unknown; method?: unknown; params?: unknown}
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)))) {
    throw new BinanceError(-1000, "Invalid request: 'id' must be a string or an integer.")
  }
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) {
    throw new BinanceError(-1000, "Invalid request: 'params' must be an object.")
  }
  return {id, method, params: (params ?? {}) as Record<string, unknown>}
}
