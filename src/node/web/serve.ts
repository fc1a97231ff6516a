/**
 * The web app for traders on the public listener (docs/web.md "Serving"): on GET and HEAD, a path
 * outside the API that names a file of the app answers that file, one under `/assets/` that does not
 * is left to the listener (its 404), and any other answers the app's `index.html`, so that a deep
 * link (`/trade/BTC-USDT`, `/p2p/orders/<id>`) reloads. The branding (branding.ts) is served beside
 * it, under `/branding/` which, like `/assets/`, has no pages. Everything else passes on untouched: the API, its streams and `/healthz`, other methods, and
 * a path that could not name a file (bad escapes, NUL, backslash, `.` or `..` segments).
 */
import type {Context, Middleware, Next} from 'koa'
import {ASSETS_DIR, type AppFiles} from './app-files.js'
import {answerFile, type StaticFile} from './static-file.js'

/** What the listener serves of the web: the app when it is built, and the branding (served even before the app is built). */
export type WebContent = {app: AppFiles | undefined; branding: ReadonlyMap<string, StaticFile>}

/**
 * The app's pages may load scripts, styles, fonts and connect only to their own origin (`'self'`
 * also admits the same host's `ws:`/`wss:` in CSP Level 3, docs/web.md "Content-Security-Policy");
 * nothing inline, no `eval`, no plugins, no framing. Images and workers may also be `data:`/`blob:`.
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** First path segments of the API, its streams and the health check: never the app's. */
const API_SEGMENTS = new Set(['api', 'sapi', 'fapi', 'dapi', 'eapi', 'healthz', 'ws', 'ws-api', 'stream'])

/**
 * Folders of files, not pages: a path under them that names no file is the listener's 404, never the
 * page (a cache in front keeps `/assets/` for a year; a logo's URL is an image or nothing).
 */
const FILES_ONLY = [`/${ASSETS_DIR}/`, '/branding/']

/** Whether `path` (as sent, or decoded) belongs to the API; letter case aside, as the router matches it. */
export function isApiPath(path: string): boolean {
  const end = path.indexOf('/', 1)
  return API_SEGMENTS.has(path.slice(1, end < 0 ? undefined : end).toLowerCase())
}

/** The decoded path a request names, or undefined when it cannot name a file of the app. */
export function filePathOf(path: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return undefined
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return undefined
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) return undefined
  return decoded
}

/** The middleware serving `web` on the listener, before its routes (listeners/public.ts). */
export function webApp(web: WebContent): Middleware {
  const {app, branding} = web
  return (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path)) return next()
    const path = filePathOf(ctx.path)
    if (path === undefined || isApiPath(path)) return next()
    const brandingFile = branding.get(path)
    if (brandingFile) {
      // JSON and an image: the listener's own headers stay (its CSP of `default-src 'none'` keeps an
      // SVG logo opened on its own from running anything).
      answerFile(ctx, brandingFile)
      return Promise.resolve()
    }
    if (!app) return next()
    const file = app.files.get(path) ?? (FILES_ONLY.some((folder) => path.startsWith(folder)) ? undefined : app.index)
    if (!file) return next()
    ctx.set('Content-Security-Policy', APP_CSP)
    answerFile(ctx, file)
    return Promise.resolve()
  }
}
