/**
 * Cookies that name a flow in progress, so that a browser can finish it with the spec's payloads
 * alone (`{email_code, sms_code}`, `{2fa_code}`): sign-up sets `exchange_sign_up` (the
 * verification_id) and a two-factor sign-in sets `exchange_sign_in` (the challenge_id). Each is
 * HttpOnly, SameSite=Strict, `Path=/api/v1/auth/`, expires with what it names, and is cleared when
 * the flow completes. A cookie only names the flow: the codes are still needed. An id in the body
 * wins over the cookie; when the cookie is used, the CSRF guard of cookie writes applies.
 */
import type {Context} from 'koa'
import type {HttpDeps} from '../public-services.js'
import {assertCookieWriteAllowed, trustedOrigins} from '../http/origin.js'

export const SIGN_UP_COOKIE = 'exchange_sign_up'
export const CHALLENGE_COOKIE = 'exchange_sign_in'
/** The gateway's auth routes, under the public listener's /api/v1 prefix. */
export const AUTH_COOKIE_PATH = '/api/v1/auth/'

export type PendingCookie = typeof SIGN_UP_COOKIE | typeof CHALLENGE_COOKIE

/** Whether a body field was sent with a value. */
export const isGiven = (value: unknown): boolean => value !== undefined && value !== null && value !== ''

export function setPending(ctx: Context, name: PendingCookie, id: string, expiresAt: string): void {
  ctx.cookies.set(name, id, {
    httpOnly: true,
    sameSite: 'strict',
    secure: ctx.secure,
    path: AUTH_COOKIE_PATH,
    expires: new Date(expiresAt),
    overwrite: true,
  })
}

export function clearPending(ctx: Context, name: PendingCookie): void {
  if (ctx.cookies.get(name) === undefined) return
  ctx.cookies.set(name, null, {httpOnly: true, sameSite: 'strict', secure: ctx.secure, path: AUTH_COOKIE_PATH, overwrite: true})
}

/**
 * The id the request means: `fromBody` when given (the caller's own field, kept as sent), otherwise
 * the cookie's value (after the CSRF guard), otherwise undefined.
 */
export function pendingId(deps: HttpDeps, ctx: Context, name: PendingCookie, fromBody: unknown): unknown {
  if (isGiven(fromBody)) return fromBody
  const cookie = ctx.cookies.get(name)
  if (cookie === undefined || cookie === '') return undefined
  assertCookieWriteAllowed(ctx, trustedOrigins(deps.config))
  return cookie
}
