/**
 * Reads the raw request body (kept for signature checks as `ctx.state.rawBody`) and parses JSON
 * into `ctx.request.body`. Malformed JSON and non-objects are 400 invalid_argument; a body over
 * 64 KiB is 413 payload_too_large, the connection's last answer (lingering-close.ts).
 */
import type {IncomingMessage} from 'node:http'
import {finished} from 'node:stream'
import type {Context, Next} from 'koa'
import {ExchangeError, invalid} from '../ground/errors.js'
import {closeAfterAnswer} from './lingering-close.js'

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
 * The request body as sent, as text (at most 64 KiB, else 413): for readBody, and for a transport
 * whose bodies are not JSON (the Binance form's form-encoded parameters).
 */
export function readRawBody(ctx: Context): string | Promise<string> {
  // This runs from the 'request' event, before the parser has gone on to the body bytes it already
  // holds. A small body comes in the same read as the headers: by the next turn of the event loop
  // it sits complete in the stream's buffer and is taken at once, at a fraction of the CPU of
  // streaming it (listeners, a promise, a nextTick a chunk).
  // A body already complete is answered without a promise.
  if (ctx.req.complete) return readBuffered(ctx)
  return nextTurn().then(() =>
    ctx.req.complete ? readBuffered(ctx) : readLimited(ctx, LIMIT, tooLarge).then((body) => body.toString('utf8')),
  )
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

const tooLarge = () => new ExchangeError('payload_too_large', 'request body is larger than 64 KiB')

/**
 * The body of a request the HTTP parser has already read to its end (`complete`): it all sits in
 * the stream's buffer, so it is taken synchronously, without listeners and a promise.
 * One `read()` without a size returns the whole buffer; a second one, to see the null, would only
 * schedule the end-of-stream a second time.
 */
function readBuffered(ctx: Context): string {
  if (ctx.req.readableLength > LIMIT) {
    // A guard: Node stops reading the socket once the stream holds its high-water mark (16 KiB), so a
    // body this large is never complete before it is read, and goes to readLimited.
    closeAfterAnswer(ctx)
    throw tooLarge()
  }
  const body = ctx.req.read() as Buffer | null
  return body === null ? '' : body.toString('utf8')
}

/**
 * The body of a request as it arrives, at most `limit` bytes. Past the limit it is refused with
 * `refusal()` (payload_too_large: 413) and the answer closes the connection: the rest of the body
 * is not read into memory but dropped (lingering-close.ts) — the request is never destroyed, which
 * would leave the bytes still coming unread, for a reset. A client that goes away or is cut off by
 * the request timeout (http/listen.ts) before it has sent it all is its own failure, not the node's.
 */
export function readLimited(ctx: Context, limit: number, refusal: () => ExchangeError): Promise<Buffer> {
  const req: IncomingMessage = ctx.req
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stop = (): void => {
      req.off('data', onData)
      stopWaiting()
    }
    const onData = (chunk: Buffer): void => {
      size += chunk.length
      if (size <= limit) {
        chunks.push(chunk)
        return
      }
      stop()
      closeAfterAnswer(ctx)
      reject(refusal())
    }
    const stopWaiting = finished(req, (error) => {
      stop()
      if (error) reject(invalid('the request body did not arrive whole (the client went away or was too slow)'))
      else resolve(Buffer.concat(chunks))
    })
    req.on('data', onData)
  })
}

/** Paths end with "/"; the same path without the slash is served identically (docs/architecture.md "One process, three listeners"). */
export function trailingSlash(ctx: Context, next: Next): Promise<void> {
  if (!ctx.path.endsWith('/')) ctx.path = `${ctx.path}/`
  return next()
}
