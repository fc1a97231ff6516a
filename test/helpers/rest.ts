/**
 * REST test helpers: signed (HMAC API key) and Bearer (JWT) requests over real HTTP against a test
 * node, and traders set up through the node's services (account, funds, API key, session).
 */
import {createHmac} from 'node:crypto'
import type {ExecutionContext} from 'ava'
import type {Account} from '../../src/node/accounts/accounts.js'
import type {TestNode} from './node.js'
import {uniqueEmail} from './node.js'

export const API = '/api/v1'

export type RestResponse<T = any> = {status: number; headers: Headers; body: T}

export type Credentials = {apiKey: string; apiSecret: string}

export type SignOptions = {
  /** X-Timestamp; default now (a fresh millisecond per request). A string is sent as is. */
  timestamp?: number | string
  recvWindow?: number | string
  /** Replaces the computed signature. */
  signature?: string
  /** Extra or overriding headers. */
  headers?: Record<string, string>
  /** Sign with this secret instead (a wrong signature). */
  secret?: string
}

/** Lowercase hex HMAC-SHA256 of X-Timestamp + METHOD + request-target + body (docs/rest.md "Signed requests"). */
export function signature(secret: string, timestamp: string, method: string, target: string, body: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${timestamp}${method}${target}${body}`, 'utf8').digest('hex')
}

let lastTimestamp = 0
let signedNow = {timestamp: 0, requests: new Set<string>()}
/**
 * Now in Unix ms. Two requests signed alike (same key, timestamp, target and body) are one request
 * sent twice, refused as a replay (docs/rest.md "Replayed requests"): with `request` (key, method, target and body), only a
 * request already signed in this millisecond moves to the next one; without it, never the same
 * millisecond twice in this process.
 */
export function freshTimestamp(request?: string): number {
  const now = Date.now()
  if (request === undefined) {
    lastTimestamp = Math.max(now, lastTimestamp + 1, signedNow.timestamp + 1)
    return lastTimestamp
  }
  if (now > signedNow.timestamp && now > lastTimestamp) signedNow = {timestamp: now, requests: new Set()}
  while (signedNow.requests.has(request) || signedNow.timestamp <= lastTimestamp)
    signedNow = {timestamp: Math.max(signedNow.timestamp, lastTimestamp) + 1, requests: new Set()}
  signedNow.requests.add(request)
  return signedNow.timestamp
}

const encode = (body: unknown): string => (body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body))

async function send(url: string, method: string, headers: Record<string, string>, body: string): Promise<RestResponse> {
  const response = await fetch(url, {method, headers, body: body === '' ? undefined : body})
  const text = await response.text()
  let parsed: unknown = text
  try {
    parsed = text === '' ? undefined : JSON.parse(text)
  } catch {
    // not JSON: keep the text
  }
  return {status: response.status, headers: response.headers, body: parsed}
}

/** A request signed with an API key. `path` is under /api/v1 and may carry a query string. */
export function signed(
  node: Pick<TestNode, 'httpUrl'>,
  creds: Credentials,
  method: string,
  path: string,
  body?: unknown,
  options: SignOptions = {},
): Promise<RestResponse> {
  const raw = encode(body)
  const target = `${API}${path}`
  const timestamp = String(options.timestamp ?? freshTimestamp(`${creds.apiKey} ${method} ${target} ${raw}`))
  const headers: Record<string, string> = {
    'X-API-Key': creds.apiKey,
    'X-Timestamp': timestamp,
    'X-Signature': options.signature ?? signature(options.secret ?? creds.apiSecret, timestamp, method, target, raw),
  }
  if (raw !== '') headers['Content-Type'] = 'application/json'
  if (options.recvWindow !== undefined) headers['X-Recv-Window'] = String(options.recvWindow)
  return send(`${node.httpUrl}${target}`, method, {...headers, ...options.headers}, raw)
}

/** A request with `Authorization: Bearer <token>` (or none when token is undefined). */
export function bearer(
  node: TestNode,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<RestResponse> {
  const raw = encode(body)
  const headers: Record<string, string> = {}
  if (token !== undefined) headers['Authorization'] = `Bearer ${token}`
  if (raw !== '') headers['Content-Type'] = 'application/json'
  return send(`${node.httpUrl}${API}${path}`, method, headers, raw)
}

export type Trader = Credentials & {account: Account; token: string; jti: string}

/** A new account with `funds` (asset → amount) in its trading balance account, an API key and a session. */
export async function trader(
  node: TestNode,
  funds: Record<string, string> = {},
  permissions: string[] = ['trade', 'read'],
  ipAllowlist: string[] = [],
): Promise<Trader> {
  const account = await node.services.accounts.create(uniqueEmail('rest'), 'password123')
  for (const [asset, amount] of Object.entries(funds)) {
    node.services.operations.topup(
      {balanceAccountId: account.tradingAccountId},
      {asset, amount, reason: 'test funding', operator: 'test'},
    )
  }
  const {apiKey, apiSecret} = node.services.apiKeys.create(account.id, permissions, 'test key', ipAllowlist)
  const {token, jti} = await node.services.tokens.issue(account.id, 'user')
  return {account, apiKey, apiSecret, token, jti}
}

/** Sets an account's status directly through the accounts service. */
export function setStatus(node: TestNode, account: Account, status: 'active' | 'restricted' | 'blocked'): void {
  node.services.accounts.changeStatus(account.email, status, 'test')
}

/** The error body of docs/rest.md "Errors": exactly {error: {code, message}} with a non-empty message. */
export function isErrorBody(body: unknown, code: string): boolean {
  if (typeof body !== 'object' || body === null) return false
  const keys = Object.keys(body)
  const error = (body as {error?: {code?: unknown; message?: unknown}}).error
  return (
    keys.length === 1 &&
    typeof error === 'object' &&
    error !== null &&
    Object.keys(error).sort().join(',') === 'code,message' &&
    error.code === code &&
    typeof error.message === 'string' &&
    error.message.length > 0
  )
}

/** Asserts an error response: its status and the error body with `code`. */
export function assertError(t: ExecutionContext, response: RestResponse, status: number, code: string): void {
  t.is(response.status, status, JSON.stringify(response.body))
  t.true(isErrorBody(response.body, code), `expected error ${code}, got ${JSON.stringify(response.body)}`)
}
