/** The one table from error codes to HTTP statuses, and the middleware that renders the error body of docs/rest.md "Errors". */
import type {Context, Next} from 'koa'
import type {ErrorCode} from '../ground/errors.js'
import {ExchangeError, retryAfterOf, toExchangeError} from '../ground/errors.js'
import {closeAfterAnswer} from './lingering-close.js'

export const HTTP_STATUS: Record<ErrorCode, number> = {
  invalid_argument: 400,
  timestamp_outside_recv_window: 400,
  replayed_request: 400,
  unauthorized: 401,
  invalid_api_key: 401,
  invalid_signature: 403,
  permission_denied: 403,
  account_restricted: 403,
  account_blocked: 403,
  not_found: 404,
  already_exists: 409,
  failed_precondition: 409,
  insufficient_funds: 400,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
  unimplemented: 501,
  invalid_code: 400,
  expired: 410,
  chain_unavailable: 409,
  invalid_state: 409,
  csrf_refused: 403,
  payload_too_large: 413,
}

/**
 * `{"error": {"code", "message"}}` for every failure; a `RetryLater` (a rate class, the sign-in
 * lock, the resend cool-down) or an `Unavailable` (a cluster edge without its sequencer) also sets
 * `Retry-After`. An internal error is handed to `report`
 * (which logs it and raises the `system_error` alert) and answered with only the id it returns.
 * A refusal answered before the request's body has arrived whole closes the connection
 * (lingering-close.ts).
 */
export function errorBody(report: (error: unknown, path: string) => string) {
  return async (ctx: Context, next: Next): Promise<void> => {
    try {
      await next()
      if (ctx.status === 404 && ctx.body === undefined) {
        throw new ExchangeError('not_found', `no route for ${ctx.method} ${ctx.path}`)
      }
      // From the router's allowedMethods(): 405 (a method the path does not take; its Allow header kept)
      // and 501 (a method no route takes: TRACE, PROPFIND, ...) both answer 405 with the error body.
      if ((ctx.status === 405 || ctx.status === 501) && ctx.body === undefined) {
        ctx.status = 405
        ctx.body = {error: {code: 'method_not_allowed', message: `${ctx.method} is not allowed on ${ctx.path}`}}
      }
    } catch (thrown) {
      const error = fromKoa(thrown)
      ctx.status = HTTP_STATUS[error.code]
      const retryAfter = retryAfterOf(error)
      if (retryAfter !== undefined) ctx.set('Retry-After', String(retryAfter))
      if (error.code === 'internal') {
        const errorId = report(error.cause ?? error, ctx.path)
        ctx.body = {error: {code: error.code, message: `internal error (id ${errorId})`}}
      } else {
        ctx.body = {error: {code: error.code, message: error.message}}
      }
    }
    if (ctx.status >= 400 && !ctx.req.complete) closeAfterAnswer(ctx)
  }
}

/** Koa and its body parsers throw errors with `status` and `expose`; keep their 4xx meaning. */
function fromKoa(thrown: unknown): ExchangeError {
  const status = (thrown as {status?: number} | null)?.status
  if (!(thrown instanceof ExchangeError) && typeof status === 'number' && status >= 400 && status < 500) {
    return new ExchangeError(status === 404 ? 'not_found' : 'invalid_argument', (thrown as Error).message)
  }
  return toExchangeError(thrown)
}
