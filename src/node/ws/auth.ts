/**
 * Who opens a private stream (docs/websockets.md "Orders"): its wire format only. The orders stream (and the P2P
 * stream, which also takes `?token=<session JWT>`) carries `api_key`, `timestamp` (Unix ms) and
 * `signature` = lowercase hex HMAC-SHA256(api_secret, timestamp + "GET" + "/api/v1/exchange/ws/orders/")
 * in the query — the fixed path, whichever form of it the client connected to — with the REST
 * default window of 5000 ms. The check itself is the one of every signed surface
 * (apikeys/signed-request.ts), so a refusal is REST's: the same code, and the HTTP status of the one
 * table, before the handshake.
 */
import type {Account} from '../accounts/accounts.js'
import {verifyAccountSession} from '../accounts/account-token.js'
import {refusalError, type SignedNames} from '../apikeys/signed-request.js'
import {ExchangeError} from '../ground/errors.js'
import type {PublicServices} from '../public-services.js'
import {ORDERS_PATH} from './upgrade.js'

/** The names of the stream's query parameters, for the messages of a refusal. */
const STREAM_NAMES: SignedNames = {
  timestamp: 'timestamp',
  recvWindow: 'recv_window',
  signature: 'signature',
  signed: `timestamp + "GET" + "${ORDERS_PATH}"`,
}

export type StreamAuthRequest = {query: URLSearchParams; clientIp: string; now?: number}

/** What a stream's caller check asks of the services. */
type CallerServices = Pick<PublicServices, 'signedRequests' | 'tokens' | 'accounts'>

/** The account behind a signed stream URL, with the `read` permission. */
export async function authenticateSignedStream(request: StreamAuthRequest, services: CallerServices): Promise<Account> {
  const {query, clientIp, now = Date.now()} = request
  const apiKey = query.get('api_key') ?? ''
  if (apiKey === '') throw new ExchangeError('unauthorized', 'api_key, timestamp and signature are required')
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

/** The account behind a stream URL with `?token=<session JWT>`, or else a signed one. */
export async function authenticateStream(request: StreamAuthRequest, services: CallerServices): Promise<Account> {
  const token = request.query.get('token')
  if (token) return (await verifyAccountSession(services, token)).account
  return authenticateSignedStream(request, services)
}
