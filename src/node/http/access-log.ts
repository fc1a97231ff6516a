/**
 * One access-log line per HTTP request at `debug`: method, path (never the query string: it can
 * carry signatures and keys), status, duration and a request id, also sent back as X-Request-Id.
 * The WebSocket upgrade, which Koa does not see, gets its line from `logUpgrades`.
 */
import {randomUUID} from 'node:crypto'
import type http from 'node:http'
import type Koa from 'koa'
import type {Logger} from '../ground/logger.js'

/** An incoming X-Request-Id is kept when it is short and plain; otherwise a new one is made. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

export function accessLog(logger: Logger, listener: string): Koa.Middleware {
  // Not an async function itself: below debug a request passes without a promise of its own.
  return (ctx, next) => (logger.isLevelEnabled('debug') ? logged(ctx, next) : next())
  async function logged(ctx: Koa.Context, next: Koa.Next): Promise<void> {
    const started = process.hrtime.bigint()
    const given = ctx.get('x-request-id')
    const requestId = REQUEST_ID.test(given) ? given : randomUUID()
    ctx.set('X-Request-Id', requestId)
    try {
      await next()
    } finally {
      logger.debug(
        {
          listener,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
          request_id: requestId,
        },
        'http request',
      )
    }
  }
}

/** Logs each upgrade request (WebSocket) of `server` at debug, by path only. */
export function logUpgrades(server: http.Server, logger: Logger, listener: string): void {
  server.on('upgrade', (request: http.IncomingMessage) => {
    if (!logger.isLevelEnabled('debug')) return
    const path = (request.url ?? '').split('?')[0]
    logger.debug({listener, method: request.method, path, upgrade: request.headers.upgrade ?? ''}, 'http upgrade')
  })
}
