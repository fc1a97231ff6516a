/**
 * Security headers on every answer of both HTTP listeners (docs/rest.md "Security headers"): the
 * API's answers are JSON (or Prometheus text) for programs, never pages, so nothing may frame, sniff,
 * cache or refer from them. Set before the handler runs so error answers carry them too; a handler
 * may still set its own `Cache-Control`, and the web app's pages (web/serve.ts) their own CSP. No
 * `X-Powered-By` or `Server` banner is sent.
 */
import type {Context, Next} from 'koa'

const HEADERS: readonly (readonly [string, string])[] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Referrer-Policy', 'no-referrer'],
  ['Cache-Control', 'no-store'],
]

export function securityHeaders(ctx: Context, next: Next): Promise<void> {
  // Straight onto Node's response, which has sent nothing yet: Koa's ctx.set allocates a handful of
  // arrays and a lower-cased name per header, a share of the garbage every request leaves. Nothing
  // to do afterwards (neither Koa nor Node sends `X-Powered-By` or `Server`), so not an async
  // function: a request passes without a promise of its own.
  for (const [name, value] of HEADERS) ctx.res.setHeader(name, value)
  return next()
}
