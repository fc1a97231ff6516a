/**
 * Sessions of the user gateway: the exchange JWT from `Authorization: Bearer` or the HttpOnly,
 * SameSite=Strict `exchange_session` cookie set at sign-in (docs/rest.md "Sessions (JWT)"), verified by the one
 * account-session check (accounts/account-token.ts: signature, expiry, revocation, the `user` role,
 * blocked accounts refused with 403 `account_blocked`). The header wins over the cookie; a
 * state-changing request that only the cookie authenticates passes the CSRF guard of every cookie
 * write first (http/session-cookie.ts, http/origin.ts: `X-Requested-With: exchange-web`, JSON, its own
 * or an allow-listed Origin; 403 `csrf_refused`).
 */
import type {Context, Next} from 'koa'
import {verifyAccountSession, type AccountSession} from '../accounts/account-token.js'
import type {IssuedToken} from '../auth/tokens.js'
import {ExchangeError} from '../ground/errors.js'
import {bearerToken} from '../http/bearer.js'
import {cookieSession, SESSION_COOKIE} from '../http/session-cookie.js'
import type {HttpDeps} from '../public-services.js'

export type GatewaySession = AccountSession

type SessionState = {gatewaySession?: GatewaySession}

/** Requires a valid session; `allowBlocked` lets a blocked account still sign out. */
export function requireSession(deps: HttpDeps, options: {allowBlocked?: boolean} = {}) {
  return async (ctx: Context, next: Next): Promise<void> => {
    ;(ctx.state as SessionState).gatewaySession = await verifyAccountSession(deps.services, tokenOf(deps, ctx), options)
    await next()
  }
}

export function sessionOf(ctx: Context): GatewaySession {
  const session = (ctx.state as SessionState).gatewaySession
  if (!session) throw new ExchangeError('internal', `route ${ctx.path} has no session middleware`)
  return session
}

/** The sign-in answer (docs/rest.md "Sessions (JWT)"): the token in the body and in the session cookie. */
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
  const bearer = bearerToken(ctx.get('Authorization'))
  if (bearer !== undefined) return bearer
  const cookie = cookieSession(ctx, deps.config)
  if (cookie !== undefined) return cookie
  throw new ExchangeError('unauthorized', `sign in first: send Authorization: Bearer <token> or the ${SESSION_COOKIE} cookie`)
}
