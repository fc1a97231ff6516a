/**
 * Sessions of the user gateway: the exchange JWT from `Authorization: Bearer` or the HttpOnly,
 * SameSite=Strict `exchange_session` cookie set at sign-in (contract §3), verified by the one shared
 * `Tokens.verify` (signature, expiry, revocation). Only account sessions (role `user`) are accepted,
 * and blocked accounts are refused (403 `account_blocked`). A state-changing request that only the
 * cookie authenticates passes the CSRF guard first (http/origin.ts: JSON, and its own or an
 * allow-listed Origin; 403 `csrf_refused`).
 */
import type {Context, Next} from 'koa'
import type {Account} from '../accounts/accounts.js'
import {USER_ROLE} from '../accounts/account-token.js'
import type {IssuedToken} from '../auth/tokens.js'
import {ExchangeError} from '../errors.js'
import type {HttpDeps} from '../http/deps.js'
import {assertCookieWriteAllowed, trustedOrigins} from '../http/origin.js'

export const SESSION_COOKIE = 'exchange_session'

export type GatewaySession = {account: Account; jti: string}

type SessionState = {gatewaySession?: GatewaySession}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i

/** Requires a valid session; `allowBlocked` lets a blocked account still sign out. */
export function requireSession(deps: HttpDeps, options: {allowBlocked?: boolean} = {}) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const claims = await deps.services.tokens.verify(tokenOf(deps, ctx))
    if (claims.role !== USER_ROLE) throw new ExchangeError('unauthorized', 'not an account session')
    const account = deps.services.accounts.byId(claims.subject)
    if (!account) throw new ExchangeError('unauthorized', 'the session does not belong to an exchange account')
    if (!options.allowBlocked && account.status === 'blocked')
      throw new ExchangeError('account_blocked', 'the account is blocked')
    ;(ctx.state as SessionState).gatewaySession = {account, jti: claims.jti}
    await next()
  }
}

export function sessionOf(ctx: Context): GatewaySession {
  const session = (ctx.state as SessionState).gatewaySession
  if (!session) throw new ExchangeError('internal', `route ${ctx.path} has no session middleware`)
  return session
}

/** The contract's sign-in answer: the token in the body and in the session cookie. */
export function startSession(ctx: Context, issued: IssuedToken): void {
  ctx.cookies.set(SESSION_COOKIE, issued.token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.secure,
    path: '/',
    maxAge: issued.expiresIn * 1000,
    overwrite: true,
  })
  ctx.body = {access_token: issued.token, token_type: 'Bearer', expires_in: issued.expiresIn}
}

export function endSession(ctx: Context): void {
  ctx.cookies.set(SESSION_COOKIE, null, {httpOnly: true, sameSite: 'strict', secure: ctx.secure, path: '/', overwrite: true})
}

function tokenOf(deps: HttpDeps, ctx: Context): string {
  const authorization = ctx.get('Authorization')
  if (authorization !== '') {
    const match = BEARER.exec(authorization)
    if (!match) throw new ExchangeError('unauthorized', 'Authorization must be "Bearer <token>"')
    return match[1]!
  }
  const cookie = ctx.cookies.get(SESSION_COOKIE)
  if (cookie) {
    assertCookieWriteAllowed(ctx, trustedOrigins(deps.config))
    return cookie
  }
  throw new ExchangeError('unauthorized', `sign in first: send Authorization: Bearer <token> or the ${SESSION_COOKIE} cookie`)
}
