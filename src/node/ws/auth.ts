/**
 * Authentication of the orders stream (contract §3): query parameters `api_key`, `timestamp` (Unix
 * ms) and `signature` = lowercase hex HMAC-SHA256(api_secret, timestamp + "GET" +
 * "/api/v1/exchange/ws/orders/") — the fixed path, whichever form of it the client connected to.
 *
 * Checked in the REST order: key (unknown → 401 `invalid_api_key`; client IP outside the key's
 * non-empty allow-list → 403 `permission_denied`), receive window (400
 * `timestamp_outside_recv_window`, the REST default window of 5000 ms), signature (403
 * `invalid_signature`), replay (a signed URL opens one stream: used again inside its window → 400
 * `replayed_request`, as for REST), the `read` permission (403 `permission_denied`), account status (blocked →
 * 403 `account_blocked`). Every refusal is an ExchangeError whose code picks the HTTP status.
 */
import type {Accounts} from '../accounts/accounts.js'
import type {ApiKeys} from '../apikeys/apikeys.js'
import {verifySignature} from '../apikeys/signature.js'
import {ExchangeError, invalid} from '../errors.js'
import {IpSet} from '../http/net.js'
import {ORDERS_PATH} from './upgrade.js'

/** How far ahead of the server clock a client clock may be (ms), as for REST. */
const FUTURE_TOLERANCE_MS = 1000
/** How old a timestamp may be (ms): the REST default receive window. */
const RECV_WINDOW_MS = 5000
/** `last_used_at` of a key is written at most this often (each write is an fsync), as for REST. */
const TOUCH_EVERY_MS = 60_000

export type StreamIdentity = {accountId: string; keyId: string}

export type StreamAuthRequest = {query: URLSearchParams; clientIp: string; now?: number}

export function authenticateOrdersStream(request: StreamAuthRequest, apiKeys: ApiKeys, accounts: Accounts): StreamIdentity {
  const {query, clientIp, now = Date.now()} = request
  const apiKey = query.get('api_key') ?? ''
  if (apiKey === '') throw new ExchangeError('unauthorized', 'api_key, timestamp and signature are required')
  const key = apiKey.length <= 128 ? apiKeys.findForSignature(apiKey) : undefined
  if (!key) throw new ExchangeError('invalid_api_key', 'unknown API key')
  if (key.ipAllowlist.length > 0 && !new IpSet(key.ipAllowlist, {lenient: true}).has(clientIp)) {
    throw new ExchangeError('permission_denied', `this API key may not be used from ${clientIp}`)
  }

  const timestamp = query.get('timestamp') ?? ''
  if (!/^\d{1,15}$/.test(timestamp)) throw invalid('timestamp is required: Unix time in whole milliseconds')
  const ms = Number(timestamp)
  if (ms > now + FUTURE_TOLERANCE_MS) {
    throw new ExchangeError(
      'timestamp_outside_recv_window',
      `timestamp is ${ms - now} ms ahead of the server clock (at most ${FUTURE_TOLERANCE_MS} ms allowed)`,
    )
  }
  if (now - ms > RECV_WINDOW_MS) {
    throw new ExchangeError(
      'timestamp_outside_recv_window',
      `timestamp is ${now - ms} ms old, outside the receive window of ${RECV_WINDOW_MS} ms`,
    )
  }

  const signature = (query.get('signature') ?? '').toLowerCase()
  if (signature === '') throw new ExchangeError('invalid_signature', 'signature is required')
  if (!verifySignature(key.secret, timestamp + 'GET' + ORDERS_PATH, signature)) {
    throw new ExchangeError('invalid_signature', `signature does not match: HMAC-SHA256 of timestamp + "GET" + "${ORDERS_PATH}"`)
  }
  apiKeys.acceptOnce(key, signature, ms, now)
  if (!key.permissions.includes('read')) throw new ExchangeError('permission_denied', 'this API key lacks the "read" permission')

  const account = accounts.byId(key.accountId)
  if (!account) throw new ExchangeError('invalid_api_key', 'unknown API key')
  if (account.status === 'blocked') throw new ExchangeError('account_blocked', 'the account is blocked')
  if (key.lastUsedAt === null || now - Date.parse(key.lastUsedAt) >= TOUCH_EVERY_MS) apiKeys.touch(key)
  return {accountId: account.id, keyId: key.id}
}
