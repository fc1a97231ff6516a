/**
 * Reads the raw request body (kept for signature checks as `ctx.state.rawBody`) and parses JSON
 * into `ctx.request.body`. Bodies over 64 KiB are 413; malformed JSON or a non-object is 400.
 */
import type {Context, Next} from 'koa'
import {ExchangeError, invalid} from '../errors.js'

const LIMIT = 64 * 1024

declare module 'koa' {
  interface Request {
    body?: Record<string, unknown>
  }
}

export async function readBody(ctx: Context, next: Next): Promise<void> {
  ctx.state['rawBody'] = ''
  if (ctx.method === 'POST' || ctx.method === 'PUT' || ctx.method === 'PATCH' || ctx.method === 'DELETE') {
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > LIMIT) throw new ExchangeError('invalid_argument', 'request body is larger than 64 KiB')
      chunks.push(chunk)
    }
    const raw = Buffer.concat(chunks).toString('utf8')
    ctx.state['rawBody'] = raw
    if (raw.trim() !== '') {
      let parsed: unknown
      try {
        parsed = JSON.parse(raw)
      } catch {
        throw invalid('request body is not valid JSON')
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw invalid('request body must be a JSON object')
      ctx.request.body = parsed as Record<string, unknown>
    }
  }
  ctx.request.body ??= {}
  await next()
}

/** Paths end with "/"; the same path without the slash is served identically (contract §1). */
export async function trailingSlash(ctx: Context, next: Next): Promise<void> {
  if (!ctx.path.endsWith('/')) ctx.path = `${ctx.path}/`
  await next()
}
