/**
 * Browser origins: parsing the operator's allow-list (`--cors-origins`), and the guard on writes that
 * a cookie alone authenticates (CSRF). SameSite=Strict on the cookies is the first wall; this is the
 * second: a state-changing request that rides a cookie must be `application/json` (which a foreign
 * page cannot send without a CORS preflight) and, when it names an `Origin`, come from this very
 * origin or from one on the allow-list. Refusals are 403 `csrf_refused`.
 */
import type {Context} from 'koa'
import {ExchangeError, invalid} from '../ground/errors.js'

/** Methods that change nothing: never guarded. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

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
 * Whether `origin` (the header as sent) is the request's own: same host and port as the `Host`
 * header, and https when the node itself serves TLS (behind a TLS-terminating proxy the node sees
 * http, so either scheme is taken there).
 */
export function isSameOrigin(ctx: Context, origin: string): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false // "null" (sandboxed frames, file://) and anything unparsable
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  if (ctx.secure && url.protocol !== 'https:') return false
  const defaultPort = url.protocol === 'https:' ? ':443' : ':80'
  const host = ctx.get('Host').toLowerCase()
  return host !== '' && url.host === (host.endsWith(defaultPort) ? host.slice(0, -defaultPort.length) : host)
}

/** Whether the request's `Origin` is its own or on the allow-list; a request without `Origin` passes. */
export function originAllowed(ctx: Context, trusted: ReadonlySet<string>): boolean {
  const origin = ctx.get('Origin')
  if (origin === '') return true
  return isSameOrigin(ctx, origin) || trusted.has(origin.toLowerCase())
}

/**
 * The CSRF guard for a request that a cookie alone authenticates (or that a cookie names the subject
 * of): state-changing methods need `Content-Type: application/json` and an allowed `Origin`.
 */
export function assertCookieWriteAllowed(ctx: Context, trusted: ReadonlySet<string>): void {
  if (SAFE_METHODS.has(ctx.method)) return
  const mediaType = ctx.get('Content-Type').split(';')[0]!.trim().toLowerCase()
  if (mediaType !== 'application/json') {
    throw new ExchangeError(
      'csrf_refused',
      'a request authenticated by a cookie must be Content-Type: application/json (or send Authorization: Bearer)',
    )
  }
  if (!originAllowed(ctx, trusted)) {
    throw new ExchangeError('csrf_refused', `origin ${ctx.get('Origin')} may not make cookie-authenticated requests here`)
  }
}
