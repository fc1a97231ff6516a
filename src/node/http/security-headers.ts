/**
 * Security headers on every answer of both HTTP listeners (docs/rest.md "Security headers"): the
 * answers are JSON (or Prometheus text) for programs, never pages, so nothing may frame, sniff,
 * cache or refer from them. Set before the handler runs so error answers carry them too; a handler
 * may still set its own `Cache-Control`. No `X-Powered-By` or `Server` banner is sent.
 */
import type {Context, Next} from 'koa'

const HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
}

export async function securityHeaders(ctx: Context, next: Next): Promise<void> {
  ctx.set(HEADERS)
  try {
    await next()
  } finally {
    ctx.remove('X-Powered-By')
    ctx.remove('Server')
  }
}
