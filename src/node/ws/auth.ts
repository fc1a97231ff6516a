/**
 * Who opens a private stream (docs/websockets.md "Orders"): its wire format only. The orders stream (and the P2P
 * stream, which also takes `?token=<session JWT>`) carries `api_key`, `timestamp` (Unix ms) and
 * `signature` = lowercase hex HMAC-SHA256(api_secret, timestamp + "GET" + "/api/v1/exchange/ws/orders/")
 * in the query — the fixed path, whichever form of it the client connected to — with the REST
 * default window of 5000 ms; or, without `api_key` in the query, the sign-in's `exchange_session`
 * cookie, from a page of the node's own origin or an allow-listed one (http/session-cookie.ts). The
 * checks themselves are the ones of every signed surface (apikeys/signed-request.ts) and of every
 * session (accounts/account-token.ts), so a refusal is REST's: the same code, and the HTTP status of
 * the one table, before the handshake.
 */
import type {IncomingMessage} from 'node:http'
import type {Account} from '../accounts/accounts.js'
import {verifyAccountSession} from '../accounts/account-token.js'
import {refusalError, type SignedNames} from '../apikeys/signed-request.js'
import {ExchangeError} from '../ground/errors.js'
import {cookieUpgradeSession} from '../http/session-cookie.js'
import type {PublicServices} from '../public-services.js'
import {ORDERS_PATH} from './upgrade.js'

/** The names of the stream's query parameters, for the messages of a refusal. */
const STREAM_NAMES: SignedNames = {
  timestamp: 'timestamp',
  recvWindow: 'recv_window',
  signature: 'signature',
  signed: `timestamp + "GET" + "${ORDERS_PATH}"`,
}

export type StreamAuthRequest = {
  query: URLSearchParams
  clientIp: string
  /** The upgrade request: its session cookie, and the `Origin` and `Host` a cookie upgrade is checked by. */
  upgrade: IncomingMessage
  /** The allow-list of origins (`--cors-origins`). */
  config: {corsOrigins?: string[]}
  now?: number
}

/** What a stream's caller check asks of the services. */
type CallerServices = Pick<PublicServices, 'signedRequests' | 'tokens' | 'accounts'>

/**
 * The account behind an orders-stream upgrade: a signed query when it names `api_key` (the key with
 * the `read` permission), else the session cookie.
 */
export async function authenticateOrdersStream(request: StreamAuthRequest, services: CallerServices): Promise<Account> {
  const {query, clientIp, now = Date.now()} = request
  const apiKey = query.get('api_key') ?? ''
  if (apiKey === '') {
    const cookie = cookieUpgradeSession(request.upgrade, request.config)
    if (cookie !== undefined) return (await verifyAccountSession(services, cookie)).account
    throw new ExchangeError('unauthorized', 'api_key, timestamp and signature are required (or the exchange_session cookie)')
  }
  const timestamp = query.get('timestamp') ?? ''
  const result = await services.signedRequests.check(
    {
      apiKey,
      timestamp,
      recvWindow: '',
      signature: query.get('signature') ?? '',
      payload: `${timestamp}GET${ORDERS_PATH}`,
      peerIp: clientIp,
      permission: 'read',
      names: STREAM_NAMES,
    },
    now,
  )
  if (!result.ok) throw refusalError(result)
  return result.account
}

/** The account behind a P2P-stream upgrade: `?token=<session JWT>`, or else as the orders stream's. */
export async function authenticateStream(request: StreamAuthRequest, services: CallerServices): Promise<Account> {
  const token = request.query.get('token')
  if (token) return (await verifyAccountSession(services, token)).account
  return authenticateOrdersStream(request, services)
}
