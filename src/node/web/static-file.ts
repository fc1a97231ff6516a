/**
 * One file the web transport serves from memory (docs/web.md "Serving"): its bytes, the
 * precompressed variants the build wrote beside it, its type, its strong validator and its caching.
 * Answering it picks the variant the request's `Accept-Encoding` allows (br, then gzip, then the
 * plain bytes; nothing is compressed at request time) and answers `304` to a matching `If-None-Match`.
 */
import {createHash} from 'node:crypto'
import path from 'node:path'
import type {Context} from 'koa'

/** A precompressed variant, by the name `Content-Encoding` gives it. */
export type Coding = 'br' | 'gzip'

export type StaticFile = {
  plain: Buffer
  /** `<file>.br` and `<file>.gz` of the build, when it wrote them. */
  variants: Partial<Record<Coding, Buffer>>
  contentType: string
  /** Strong ETag of the plain bytes (quoted); a variant's is this one with its coding appended. */
  etag: string
  cacheControl: string
}

/** The types of what a Vite build writes, and of the logos branding.json may name; anything else is a download. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

export const contentTypeOf = (name: string): string =>
  CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream'

/** A file of `name`'s type over `plain`, its validator computed here, once. */
export function staticFile(
  name: string,
  plain: Buffer,
  cacheControl: string,
  variants: Partial<Record<Coding, Buffer>> = {},
): StaticFile {
  const digest = createHash('sha256').update(plain).digest('base64url').slice(0, 22)
  return {plain, variants, contentType: contentTypeOf(name), etag: `"${digest}"`, cacheControl}
}

/**
 * The variant to send for an `Accept-Encoding` header: br when it allows br, else gzip when it
 * allows gzip, else none (the plain bytes). A coding is allowed when it is named, or `*` is, with a
 * q-value above 0 (RFC 9110 "Accept-Encoding"); no header at all allows none.
 */
export function codingFor(acceptEncoding: string | undefined, file: StaticFile): Coding | undefined {
  if (!acceptEncoding || (!file.variants.br && !file.variants.gzip)) return undefined
  const weights = new Map<string, number>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim())
    if (name === '') continue
    const q = parameters.find((parameter) => /^q\s*=/.test(parameter))
    const weight = q === undefined ? 1 : Number(q.slice(q.indexOf('=') + 1).trim())
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0)
  }
  const allows = (coding: Coding): boolean => (weights.get(coding) ?? weights.get('*') ?? 0) > 0
  if (file.variants.br && allows('br')) return 'br'
  if (file.variants.gzip && allows('gzip')) return 'gzip'
  return undefined
}

/** Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks of this header), or is `*`. */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim()
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag
  })
}

/**
 * Answers `file` (GET or HEAD): its type, caching, validator and the variant the request allows,
 * with `Vary: Accept-Encoding` when it has variants; `304` without a body when `If-None-Match`
 * names the variant's ETag. Koa sets `Content-Length` from the buffer and sends no body to HEAD.
 */
export function answerFile(ctx: Context, file: StaticFile): void {
  const coding = codingFor(ctx.get('Accept-Encoding'), file)
  const etag = coding === undefined ? file.etag : `${file.etag.slice(0, -1)}-${coding}"`
  if (file.variants.br || file.variants.gzip) ctx.vary('Accept-Encoding')
  ctx.set('Cache-Control', file.cacheControl)
  ctx.set('ETag', etag)
  if (matches(ctx.get('If-None-Match'), etag)) {
    ctx.status = 304
    return
  }
  ctx.set('Content-Type', file.contentType)
  const variant = coding && file.variants[coding]
  if (coding && variant) {
    ctx.set('Content-Encoding', coding)
    ctx.body = variant
  } else {
    ctx.body = file.plain
  }
}
