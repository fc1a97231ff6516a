/**
 * The session cookie `exchange_session` (docs/rest.md "Browsers: cookies, CSRF and CORS"): the one
 * reader of it, for every transport that takes an account session — REST v1 and P2P, the user
 * gateway, the orders and P2P WebSockets. The cookie is one more spelling of the session token
 * (`Authorization: Bearer`, bearer.ts): the same JWT, verified by the same session check. What the
 * cookie alone authenticates passes its CSRF guard (origin.ts) before the token is looked at. Each
 * transport asks for the cookie only after its other spellings: an `Authorization` header, a signed
 * API key or a stream's `?token=` wins over it.
 */
import type {IncomingHttpHeaders, IncomingMessage} from 'node:http'
import type {Context} from 'koa'
import {assertCookieUpgradeAllowed, assertCookieWriteAllowed, trustedOrigins} from './origin.js'

export const SESSION_COOKIE = 'exchange_session'

/** `exchange_session=<value>` in a Cookie header, as Koa's cookies read it (a quoted value unquoted). */
const COOKIE = new RegExp(`(?:^|;) *${SESSION_COOKIE}=([^;]*)`)

/** The settings the guards read: the allow-list of origins (`--cors-origins`). */
type OriginSettings = {corsOrigins?: string[]}

/** The session cookie's token in a request's headers; undefined when there is none (or it is empty). */
export function sessionCookie(headers: IncomingHttpHeaders): string | undefined {
  const match = COOKIE.exec(headers.cookie ?? '')
  if (!match) return undefined
  const value = match[1]!.startsWith('"') ? match[1]!.slice(1, -1) : match[1]!
  return value === '' ? undefined : value
}

/**
 * The session token that the cookie of an HTTP request carries, once the request passes the CSRF
 * guard of cookie writes (`multipart`: the route takes an upload); undefined when it has no cookie.
 */
export function cookieSession(ctx: Context, config: OriginSettings, options: {multipart?: boolean} = {}): string | undefined {
  const token = sessionCookie(ctx.req.headers)
  if (token !== undefined) assertCookieWriteAllowed(ctx, trustedOrigins(config), options)
  return token
}

/**
 * The session token that the cookie of a WebSocket upgrade carries, once its `Origin` is the node's
 * own or allow-listed; undefined when it has no cookie.
 */
export function cookieUpgradeSession(request: IncomingMessage, config: OriginSettings): string | undefined {
  const token = sessionCookie(request.headers)
  if (token !== undefined) assertCookieUpgradeAllowed(request, trustedOrigins(config))
  return token
}
