/**
 * Authentication of the REST endpoints (docs/rest.md "Authentication"), as REST v1 spells it: every
 * endpoint takes an account session or a signed API key with the permission it needs. The session
 * is a JWT, sent as `Authorization: Bearer <JWT>` or as the sign-in's `exchange_session` cookie
 * (http/session-cookie.ts, behind its CSRF guard), and checked by the one account-session check
 * (accounts/account-token.ts). When a request spells more than one, the `Authorization` header wins,
 * then the API key, then the cookie (docs/rest.md "Browsers: cookies, CSRF and CORS").
 *
 * A signed request carries `X-API-Key`, `X-Timestamp`, `X-Recv-Window` (optional) and `X-Signature`
 * over X-Timestamp + METHOD + request-target as sent + raw body; the check itself (key, allow-list,
 * window, signature, replay, permission, blocked account) is the one of every signed surface,
 * apikeys/signed-request.ts. Restricted accounts are refused only where `refuseRestricted` is mounted.
 */
import type {Context, Next} from 'koa'
import type {ApiKeyPermission} from '../apikeys/apikeys.js'
import {verifyAccountSession} from '../accounts/account-token.js'
import {REST_V1_NAMES, refusalError, type Refusal, type SignedCaller} from '../apikeys/signed-request.js'
import {ExchangeError} from '../ground/errors.js'
import {bearerToken} from '../http/bearer.js'
import {cookieSession} from '../http/session-cookie.js'
import type {HttpDeps} from '../public-services.js'
import {callerOf, setCaller, type Caller} from './caller.js'

export type AuthOptions = {
  /** The API-key permission the endpoint needs. */
  permission: ApiKeyPermission
  /** Whether a write the session cookie authenticates may be multipart/form-data (the P2P chat's upload), not only JSON. */
  multipart?: boolean
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
    if (authorization !== '') return fromSession(deps, bearerToken(authorization)!).then((caller) => admit(ctx, caller, next))
    const apiKey = ctx.get('X-API-Key')
    if (apiKey !== '') {
      const caller = fromApiKey(deps, ctx, apiKey, options.permission)
      return caller instanceof Promise ? caller.then((known) => admit(ctx, known, next)) : admit(ctx, caller, next)
    }
    const cookie = cookieSession(ctx, deps.config, options)
    if (cookie !== undefined) return fromSession(deps, cookie).then((caller) => admit(ctx, caller, next))
    throw new ExchangeError(
      'unauthorized',
      'authentication required: Authorization: Bearer <token>, a signed X-API-Key, or the exchange_session cookie',
    )
  }
}

function admit(ctx: Context, caller: Caller, next: Next): Promise<void> {
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

/** The caller of a session token, whichever way it was spelled. */
async function fromSession(deps: HttpDeps, token: string): Promise<Caller> {
  const {account, jti} = await verifyAccountSession(deps.services, token)
  return {via: 'jwt', account, sessionId: jti}
}

/**
 * The caller of a signed request: at once from the node's own check, as a promise from a cluster
 * edge's (which may ask the sequencer about a key its replica does not have yet).
 */
function fromApiKey(deps: HttpDeps, ctx: Context, apiKey: string, permission: ApiKeyPermission): Caller | Promise<Caller> {
  const timestamp = ctx.get('X-Timestamp')
  const rawBody = typeof ctx.state['rawBody'] === 'string' ? ctx.state['rawBody'] : ''
  const checked: SignedCaller | Refusal | Promise<SignedCaller | Refusal> = deps.services.signedRequests.check({
    apiKey,
    timestamp,
    recvWindow: ctx.get('X-Recv-Window'),
    signature: ctx.get('X-Signature'),
    payload: `${timestamp}${ctx.method}${ctx.originalUrl}${rawBody}`,
    peerIp: ctx.ip,
    permission,
    names: REST_V1_NAMES,
  })
  return checked instanceof Promise ? checked.then(apiKeyCaller) : apiKeyCaller(checked)
}

function apiKeyCaller(result: SignedCaller | Refusal): Caller {
  if (!result.ok) throw refusalError(result)
  return {via: 'api_key', account: result.account, apiKeyId: result.key.id, permissions: result.key.permissions}
}
