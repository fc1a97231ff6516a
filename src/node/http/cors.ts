/**
 * CORS, closed by default (`--cors-origins`, docs/configuration.md). Without an allow-list no
 * response carries an Access-Control-* header, so browsers keep other origins out. With one, a
 * request whose `Origin` is listed gets `Access-Control-Allow-Origin: <that origin>`, and its
 * preflight (OPTIONS with Access-Control-Request-Method) is answered 204 with the methods and
 * headers the API takes. No `Access-Control-Allow-Credentials`: a listed origin authenticates with
 * `Authorization: Bearer` or a signed API key, never by riding the HttpOnly cookies.
 */
import type {Context, Next} from 'koa'

export const CORS_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE'
/** Request headers a listed origin may send: the JWT, JSON, and the API-key signature set (docs/rest.md "Browsers: cookies, CSRF and CORS"). */
export const CORS_REQUEST_HEADERS = 'Authorization, Content-Type, X-API-Key, X-Timestamp, X-Signature, X-Recv-Window'
/** Answer headers a listed origin's script may read besides the simple ones. */
export const CORS_EXPOSED_HEADERS = 'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining'
/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = '600'

/** The CORS middleware over a set of normalized origins (http/origin.ts `originSet`). */
export function cors(allowed: ReadonlySet<string>) {
  return (ctx: Context, next: Next): Promise<void> => {
    if (allowed.size === 0) return next()
    ctx.vary('Origin')
    const origin = ctx.get('Origin').toLowerCase()
    if (origin === '' || !allowed.has(origin)) return next()
    ctx.set('Access-Control-Allow-Origin', origin)
    if (ctx.method === 'OPTIONS' && ctx.get('Access-Control-Request-Method') !== '') {
      ctx.set('Access-Control-Allow-Methods', CORS_METHODS)
      ctx.set('Access-Control-Allow-Headers', CORS_REQUEST_HEADERS)
      ctx.set('Access-Control-Max-Age', PREFLIGHT_MAX_AGE)
      ctx.vary('Access-Control-Request-Method')
      ctx.vary('Access-Control-Request-Headers')
      ctx.status = 204
      return Promise.resolve()
    }
    ctx.set('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS)
    return next()
  }
}
