/**
 * Authentication of the REST endpoints (contract §3).
 *
 * - `Auth` endpoints take `Authorization: Bearer <JWT>` (verified by the one shared `Tokens.verify`)
 *   or a signed API key with the `read` permission.
 * - `APIKey` endpoints (order placement and cancels) take a signed API key with `trade` only.
 *
 * A signed request is checked in the contract's order: key (unknown → 401 `invalid_api_key`; client
 * IP outside the key's non-empty allow-list → 403 `permission_denied`), receive window (400),
 * signature over X-Timestamp + METHOD + request-target as sent + raw body (403 `invalid_signature`),
 * replay (the same signature accepted before for the key inside its window → 400 `replayed_request`),
 * permission (403 `permission_denied`), then account status (blocked → 403 `account_blocked` on every
 * call). Restricted accounts are refused only where `refuseRestricted` is mounted.
 */
import type {Context, Next} from 'koa'
import type {Account} from '../accounts/accounts.js'
import type {ApiKeyPermission} from '../apikeys/apikeys.js'
import {verifySignature} from '../apikeys/signature.js'
import {ExchangeError} from '../errors.js'
import type {HttpDeps} from '../http/deps.js'
import {callerOf, setCaller, type Caller} from './caller.js'
import {IpSet} from '../http/net.js'
import {checkRecvWindow} from './recv-window.js'

/** `last_used_at` of a key is written at most this often (each write is an fsync). */
const TOUCH_EVERY_MS = 60_000

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i

export type AuthOptions = {
  /** The API-key permission the endpoint needs. */
  permission: ApiKeyPermission
  /** Whether a JWT session is accepted too (`Auth` endpoints) or only a signed key (`APIKey`). */
  allowJwt: boolean
}

/**
 * The allow-list of a key as an IpSet, built once per cached key: `findForSignature` hands out the
 * same frozen array for as long as the key stays cached, and the set goes with it.
 */
const allowLists = new WeakMap<readonly string[], IpSet>()

function allowListOf(entries: readonly string[]): IpSet {
  let set = allowLists.get(entries)
  if (!set) {
    set = new IpSet(entries, {lenient: true})
    allowLists.set(entries, set)
  }
  return set
}

/**
 * The authentication middleware of one endpoint class; sets the caller for the handlers.
 *
 * Like the other middlewares that only check before the handler (`refuseRestricted`, the rate
 * limits), it is not an async function: it returns `next()` itself, so a signed request passes
 * without a promise and a resumption of its own (koa-compose turns a throw into a rejection).
 */
export function authenticate(deps: HttpDeps, options: AuthOptions) {
  return (ctx: Context, next: Next): Promise<void> => {
    const authorization = ctx.get('Authorization')
    const apiKey = ctx.get('X-API-Key')
    if (options.allowJwt && authorization !== '') {
      return fromJwt(deps, authorization).then((caller) => admit(ctx, caller, next))
    } else if (apiKey !== '') {
      return admit(ctx, fromApiKey(deps, ctx, apiKey, options.permission), next)
    } else if (options.allowJwt) {
      throw new ExchangeError('unauthorized', 'authentication required: Authorization: Bearer <token>, or a signed X-API-Key')
    } else {
      throw new ExchangeError('invalid_api_key', 'this endpoint needs a signed API key (X-API-Key, X-Timestamp, X-Signature)')
    }
  }
}

function admit(ctx: Context, caller: Caller, next: Next): Promise<void> {
  refuseBlocked(caller.account)
  setCaller(ctx, caller)
  return next()
}

/** StatusRestricted: refuses restricted accounts (order placement, balance transfer). */
export function refuseRestricted(ctx: Context, next: Next): Promise<void> {
  const {account} = callerOf(ctx)
  if (account.status === 'restricted') {
    throw new ExchangeError('account_restricted', 'the account is restricted: this operation is not allowed')
  }
  return next()
}

export function refuseBlocked(account: Account): void {
  if (account.status === 'blocked') throw new ExchangeError('account_blocked', 'the account is blocked')
}

async function fromJwt(deps: HttpDeps, authorization: string): Promise<Caller> {
  const match = BEARER.exec(authorization)
  if (!match) throw new ExchangeError('unauthorized', 'Authorization must be "Bearer <token>"')
  const claims = await deps.services.tokens.verify(match[1]!)
  const account = deps.services.accounts.cachedById(claims.subject)
  if (!account) throw new ExchangeError('unauthorized', 'the token does not belong to an exchange account')
  return {via: 'jwt', account, sessionId: claims.jti}
}

function fromApiKey(deps: HttpDeps, ctx: Context, publicKey: string, permission: ApiKeyPermission): Caller {
  const key = deps.services.apiKeys.findForSignature(publicKey)
  if (!key) throw new ExchangeError('invalid_api_key', 'unknown API key')
  // Malformed stored entries are skipped, so a list of only malformed entries admits nobody.
  if (key.ipAllowlist.length > 0 && !allowListOf(key.ipAllowlist).has(ctx.ip)) {
    throw new ExchangeError('permission_denied', `this API key may not be used from ${ctx.ip}`)
  }
  const timestamp = ctx.get('X-Timestamp')
  const signedAt = checkRecvWindow(timestamp, ctx.get('X-Recv-Window'))
  const signature = ctx.get('X-Signature').toLowerCase()
  if (signature === '') throw new ExchangeError('invalid_signature', 'X-Signature is required')
  const rawBody = typeof ctx.state['rawBody'] === 'string' ? ctx.state['rawBody'] : ''
  const message = `${timestamp}${ctx.method}${ctx.originalUrl}${rawBody}`
  if (!verifySignature(key.secret, message, signature)) {
    throw new ExchangeError(
      'invalid_signature',
      'signature does not match: HMAC-SHA256 of X-Timestamp + METHOD + path?query + body',
    )
  }
  deps.services.apiKeys.acceptOnce(key, signature, signedAt)
  if (!key.permissions.includes(permission)) {
    throw new ExchangeError('permission_denied', `this API key lacks the "${permission}" permission`)
  }
  const account = deps.services.accounts.cachedById(key.accountId)
  if (!account) throw new ExchangeError('invalid_api_key', 'unknown API key')
  if (key.lastUsedAt === null || Date.now() - Date.parse(key.lastUsedAt) >= TOUCH_EVERY_MS) deps.services.apiKeys.touch(key)
  return {via: 'api_key', account, apiKeyId: key.id, permissions: key.permissions}
}
