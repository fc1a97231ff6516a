/**
 * Reads the raw request body (kept for signature checks as `ctx.state.rawBody`) and parses JSON
 * into `ctx.request.body`. Bodies over 64 KiB, malformed JSON and non-objects are 400 invalid_argument.
 */
import type {IncomingMessage} from 'node:http'
import type {Context, Next} from 'koa'
import {ExchangeError, invalid} from '../errors.js'

const LIMIT = 64 * 1024
/** A multipart/form-data Content-Type (media types are case-insensitive); a plain test, not type-is's parse per request. */
const MULTIPART = /^\s*multipart\/form-data\s*(;|$)/i

declare module 'koa' {
  interface Request {
    body?: Record<string, unknown>
  }
}

export async function readBody(ctx: Context, next: Next): Promise<void> {
  ctx.state['rawBody'] = ''
  // A multipart upload (P2P chat files) is read by its own handler; it is not JSON.
  if (MULTIPART.test(ctx.req.headers['content-type'] ?? '')) ctx.request.body = {}
  else if (ctx.method === 'POST' || ctx.method === 'PUT' || ctx.method === 'PATCH' || ctx.method === 'DELETE') {
    const pending = readRawBody(ctx)
    const raw = typeof pending === 'string' ? pending : await pending
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

/**
 * The request body as sent, as text (at most 64 KiB, else 400): for readBody, and for a transport
 * whose bodies are not JSON (the Binance form's form-encoded parameters).
 */
export function readRawBody(ctx: Context): string | Promise<string> {
  // This runs from the 'request' event, before the parser has gone on to the body bytes it already
  // holds. A small body comes in the same read as the headers: by the next turn of the event loop
  // it sits complete in the stream's buffer and is taken at once, at a fraction of the CPU of
  // streaming it through an async iterator (promises, end-of-stream listeners, a nextTick a chunk).
  // A body already complete is answered without a promise.
  if (ctx.req.complete) return readBuffered(ctx.req)
  return nextTurn().then(() => (ctx.req.complete ? readBuffered(ctx.req) : readStreamed(ctx.req)))
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

const tooLarge = () => new ExchangeError('invalid_argument', 'request body is larger than 64 KiB')

/**
 * The body of a request the HTTP parser has already read to its end (`complete`): it all sits in
 * the stream's buffer, so it is taken synchronously, without an async iterator and its promises.
 * One `read()` without a size returns the whole buffer; a second one, to see the null, would only
 * schedule the end-of-stream a second time.
 */
function readBuffered(req: IncomingMessage): string {
  if (req.readableLength > LIMIT) {
    // A guard: Node stops reading the socket once the stream holds its high-water mark (16 KiB), so a
    // body this large is never complete before it is read, and goes to readStreamed. As when the
    // async iterator there is left by a throw, the request is destroyed.
    req.destroy()
    throw tooLarge()
  }
  const body = req.read() as Buffer | null
  return body === null ? '' : body.toString('utf8')
}

/**
 * The body of a request still arriving. A client that goes away or is cut off by the request
 * timeout (http/listen.ts) before it has sent it all is its own failure, not the node's.
 */
async function readStreamed(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > LIMIT) throw tooLarge()
      chunks.push(chunk)
    }
  } catch (error) {
    if (error instanceof ExchangeError) throw error
    throw invalid('the request body did not arrive whole (the client went away or was too slow)')
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Paths end with "/"; the same path without the slash is served identically (docs/architecture.md "One process, three listeners"). */
export function trailingSlash(ctx: Context, next: Next): Promise<void> {
  if (!ctx.path.endsWith('/')) ctx.path = `${ctx.path}/`
  return next()
}
