/**
 * Browser origins: parsing the operator's allow-list (`--cors-origins`), and the guards on what a
 * cookie alone authenticates (CSRF; docs/rest.md "Browsers: cookies, CSRF and CORS"). SameSite=Strict
 * on the cookies is the first wall; these are the second, one rule for every cookie write: a
 * state-changing request that rides a cookie must carry `X-Requested-With: exchange-web` (a custom
 * header, which a foreign page cannot send without a CORS preflight that fails), be
 * `application/json` (or multipart/form-data where a route takes an upload) and, when it names an
 * `Origin`, come from this very origin or from one on the allow-list. A WebSocket upgrade that rides
 * the session cookie must name its `Origin` (browsers always do on a handshake), and that origin must
 * be the node's own or allow-listed: this stops cross-site WebSocket hijacking. Refusals are 403
 * `csrf_refused`.
 */
import type {IncomingMessage} from 'node:http'
import type {TLSSocket} from 'node:tls'
import type {Context} from 'koa'
import {ExchangeError, invalid} from '../ground/errors.js'

/** Methods that change nothing: never guarded. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The header, and its one value, that a write authenticated by a cookie must carry (the web app sends it). */
export const WEB_CLIENT_HEADER = 'X-Requested-With'
export const WEB_CLIENT = 'exchange-web'

/**
 * `scheme://host[:port]` as browsers send it in `Origin` (lowercase, default port dropped); only
 * http and https, nothing after the host. Bad input is `invalid_argument`.
 */
export function normalizeOrigin(value: string): string {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw invalid(`"${value}" is not an origin such as https://app.example.com`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(`"${value}" is not an http or https origin`)
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '' || url.pathname !== '/')
    throw invalid(`"${value}" must be only scheme://host[:port], such as https://app.example.com`)
  return url.origin
}

/** The allow-list as a set of normalized origins. */
export function originSet(origins: readonly string[] | undefined): ReadonlySet<string> {
  return new Set((origins ?? []).map(normalizeOrigin))
}

const parsed = new WeakMap<object, ReadonlySet<string>>()

/** The node's allow-list (`corsOrigins`), parsed once per configuration. */
export function trustedOrigins(config: {corsOrigins?: string[]}): ReadonlySet<string> {
  let set = parsed.get(config)
  if (!set) {
    set = originSet(config.corsOrigins)
    parsed.set(config, set)
  }
  return set
}

/**
 * Whether `origin` (the header as sent) is the request's own: same host and port as its `Host`
 * header, and https when the node itself serves TLS (`secure`; behind a TLS-terminating proxy the
 * node sees http, so either scheme is taken there).
 */
function isSameOrigin(origin: string, host: string, secure: boolean): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false // "null" (sandboxed frames, file://) and anything unparsable
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  if (secure && url.protocol !== 'https:') return false
  const defaultPort = url.protocol === 'https:' ? ':443' : ':80'
  const ownHost = host.toLowerCase()
  return ownHost !== '' && url.host === (ownHost.endsWith(defaultPort) ? ownHost.slice(0, -defaultPort.length) : ownHost)
}

/** Whether `origin` is the request's own or on the allow-list. */
function isTrusted(origin: string, host: string, secure: boolean, trusted: ReadonlySet<string>): boolean {
  return isSameOrigin(origin, host, secure) || trusted.has(origin.toLowerCase())
}

/** Whether the request's `Origin` is its own or on the allow-list; a request without `Origin` passes. */
export function originAllowed(ctx: Context, trusted: ReadonlySet<string>): boolean {
  const origin = ctx.get('Origin')
  return origin === '' || isTrusted(origin, ctx.get('Host'), ctx.secure, trusted)
}

/**
 * The CSRF guard for a request that a cookie alone authenticates (or that a cookie names the subject
 * of). A state-changing method needs, in this order: `X-Requested-With: exchange-web`, whatever its
 * Origin; `Content-Type: application/json` (or multipart/form-data with `multipart`, for a route that
 * takes an upload); an allowed `Origin`, when it names one.
 */
export function assertCookieWriteAllowed(ctx: Context, trusted: ReadonlySet<string>, options: {multipart?: boolean} = {}): void {
  if (SAFE_METHODS.has(ctx.method)) return
  if (ctx.get(WEB_CLIENT_HEADER) !== WEB_CLIENT) {
    throw new ExchangeError(
      'csrf_refused',
      `a write authenticated by a cookie must carry the header ${WEB_CLIENT_HEADER}: ${WEB_CLIENT} (or send Authorization: Bearer)`,
    )
  }
  const mediaType = ctx.get('Content-Type').split(';')[0]!.trim().toLowerCase()
  if (mediaType !== 'application/json' && !(options.multipart === true && mediaType === 'multipart/form-data')) {
    throw new ExchangeError(
      'csrf_refused',
      `a write authenticated by a cookie must be Content-Type: application/json${options.multipart === true ? ' or multipart/form-data' : ''} (or send Authorization: Bearer)`,
    )
  }
  if (!originAllowed(ctx, trusted)) {
    throw new ExchangeError('csrf_refused', `origin ${ctx.get('Origin')} may not make cookie-authenticated requests here`)
  }
}

/**
 * The guard of a WebSocket upgrade that the session cookie authenticates: its `Origin` must be named,
 * and be the node's own (the upgrade's `Host`, https when the node serves TLS) or on the allow-list.
 */
export function assertCookieUpgradeAllowed(request: IncomingMessage, trusted: ReadonlySet<string>): void {
  const origin = request.headers.origin ?? ''
  if (origin === '') {
    throw new ExchangeError('csrf_refused', 'a WebSocket upgrade authenticated by a cookie must name its Origin')
  }
  const secure = (request.socket as Partial<TLSSocket>).encrypted === true
  if (!isTrusted(origin, request.headers.host ?? '', secure, trusted)) {
    throw new ExchangeError('csrf_refused', `origin ${origin} may not open a cookie-authenticated WebSocket here`)
  }
}
