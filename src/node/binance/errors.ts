/**
 * Errors of the Binance-form API (docs/binance-compat.md "Errors"): every failure is `{"code": <negative int>, "msg"}`
 * with a 4xx (or 5xx) status, never the `{error}` body of /api/v1. The binance transport's own
 * refusals (a parameter it cannot read, an unknown symbol) are BinanceErrors; an ExchangeError from a
 * service is mapped by its code, in the one table below; a `RetryLater` (a rate class) or an
 * `Unavailable` (a cluster edge without its sequencer) also sets
 * `Retry-After`.
 */
import type {Context, Next} from 'koa'
import {ExchangeError, retryAfterOf, toExchangeError, type ErrorCode} from '../ground/errors.js'
import {closeAfterAnswer} from '../http/lingering-close.js'
import {OrderRefusal, type OrderRefusalReason} from '../trading/refusals.js'

export class BinanceError extends Error {
  override readonly name = 'BinanceError'

  constructor(
    /** Binance's error code (negative). */
    readonly code: number,
    message: string,
    readonly status = 400,
  ) {
    super(message)
  }
}

/** The exact message ccxt reads as InsufficientFunds (docs/binance-compat.md "Signed REST (/api/v3/...)"). */
export const INSUFFICIENT_BALANCE = 'Account has insufficient balance for requested action.'

/** The message of -2015, which ccxt reads as an AuthenticationError. */
const INVALID_KEY = 'Invalid API-key, IP, or permissions for action.'

/** ExchangeError code → HTTP status, Binance code, and the message when Binance has a fixed one. */
export const BINANCE_ERRORS: Record<ErrorCode, {status: number; code: number; msg?: string}> = {
  invalid_argument: {status: 400, code: -1100},
  timestamp_outside_recv_window: {status: 400, code: -1021},
  // ccxt retries -1021 (InvalidNonce) with a new timestamp: exactly what a replay needs.
  replayed_request: {
    status: 400,
    code: -1021,
    msg: 'This request was already accepted once; sign it again with a new timestamp.',
  },
  unauthorized: {status: 401, code: -1002},
  invalid_api_key: {status: 401, code: -2015, msg: INVALID_KEY},
  invalid_signature: {status: 400, code: -1022, msg: 'Signature for this request is not valid.'},
  permission_denied: {status: 401, code: -2015, msg: INVALID_KEY},
  // Binance's text, which ccxt reads as PermissionDenied (a restricted account may still cancel).
  account_restricted: {status: 400, code: -2010, msg: 'This account may not place or cancel orders.'},
  account_blocked: {status: 401, code: -2015, msg: INVALID_KEY},
  not_found: {status: 404, code: -1000},
  already_exists: {status: 400, code: -2010},
  failed_precondition: {status: 400, code: -1000},
  insufficient_funds: {status: 400, code: -2010, msg: INSUFFICIENT_BALANCE},
  rate_limited: {status: 429, code: -1003},
  internal: {status: 500, code: -1000},
  unavailable: {status: 503, code: -1008},
  unimplemented: {status: 400, code: -1000},
  invalid_code: {status: 400, code: -1000},
  expired: {status: 400, code: -1000},
  chain_unavailable: {status: 400, code: -1000},
  invalid_state: {status: 400, code: -1000},
  csrf_refused: {status: 403, code: -1002},
  // A body over its limit: HTTP's 413, with the -1100 that ccxt reads as BadRequest.
  payload_too_large: {status: 413, code: -1100},
}

/** An order refused by a rule of its ticker, as Binance says it (ccxt reads the filter names as InvalidOrder). */
const ORDER_REFUSALS: Record<OrderRefusalReason, {code: number; msg: string}> = {
  price_tick: {code: -1013, msg: 'Filter failure: PRICE_FILTER'},
  qty_lot: {code: -1013, msg: 'Filter failure: LOT_SIZE'},
  min_notional: {code: -1013, msg: 'Filter failure: NOTIONAL'},
  // ccxt: MarketClosed.
  ticker_halted: {code: -1013, msg: 'Market is closed.'},
  no_liquidity: {code: -2010, msg: 'Order book liquidity is less than LOT_SIZE filter minimum quantity.'},
  would_trigger: {code: -2010, msg: 'Order would trigger immediately.'},
  // A quantity the node cannot take, as a lot-size failure: ccxt reads -1013 by itself as BadRequest, and a
  // message naming LOT_SIZE as InvalidOrder, the class of an order that can never be placed as sent.
  stop_market_buy_qty: {
    code: -1013,
    msg: 'Filter failure: LOT_SIZE (a STOP_LOSS or TAKE_PROFIT BUY takes quoteOrderQty, not quantity).',
  },
}

/** Any thrown value as Binance's code, message and status; an internal error goes to `report`, which returns its id. */
export function toBinance(thrown: unknown, report: (error: unknown) => string): BinanceError {
  if (thrown instanceof BinanceError) return thrown
  if (thrown instanceof OrderRefusal) {
    const refusal = ORDER_REFUSALS[thrown.reason]
    return new BinanceError(refusal.code, refusal.msg)
  }
  const error = thrown instanceof ExchangeError ? thrown : toExchangeError(thrown)
  const mapped = BINANCE_ERRORS[error.code]
  if (error.code === 'internal') {
    const id = report(error.cause ?? error)
    return new BinanceError(mapped.code, `An unknown error occurred while processing the request (id ${id}).`, mapped.status)
  }
  return new BinanceError(mapped.code, mapped.msg ?? error.message, mapped.status)
}

/**
 * Renders every failure below it, and a path nothing answered, as `{code, msg}`. A refusal answered
 * before the request's body has arrived whole closes the connection (http/lingering-close.ts).
 */
export function binanceErrors(report: (error: unknown, path: string) => string) {
  return async (ctx: Context, next: Next): Promise<void> => {
    try {
      await next()
      if (ctx.body === undefined) throw new BinanceError(-1000, `Unknown endpoint: ${ctx.method} ${ctx.path}`, 404)
    } catch (thrown) {
      const retryAfter = thrown instanceof ExchangeError ? retryAfterOf(thrown) : undefined
      if (retryAfter !== undefined) ctx.set('Retry-After', String(retryAfter))
      const error = toBinance(thrown, (cause) => report(cause, ctx.path))
      ctx.status = error.status
      ctx.body = {code: error.code, msg: error.message}
    }
    if (ctx.status >= 400 && !ctx.req.complete) closeAfterAnswer(ctx)
  }
}

export const illegal = (name: string, legal: string): BinanceError =>
  new BinanceError(-1100, `Illegal characters found in parameter '${name}'; legal range is '${legal}'.`)
export const missing = (name: string): BinanceError =>
  new BinanceError(-1102, `Mandatory parameter '${name}' was not sent, was empty/null, or malformed.`)
export const invalidSymbol = (): BinanceError => new BinanceError(-1121, 'Invalid symbol.')
export const invalidInterval = (): BinanceError => new BinanceError(-1120, 'Invalid interval.')
export const badCombination = (): BinanceError => new BinanceError(-1128, 'Combination of optional parameters invalid.')
export const notRequired = (name: string, why = ''): BinanceError =>
  new BinanceError(-1106, `Parameter '${name}' sent when not required.${why ? ` ${why}` : ''}`)
/** The answer to a cancel of an order that is not (or no longer) open: ccxt's OrderNotFound. */
export const unknownOrder = (): BinanceError => new BinanceError(-2011, 'Unknown order sent.')
/** The answer to a query of an order that does not exist: ccxt's OrderNotFound. */
export const noSuchOrder = (): BinanceError => new BinanceError(-2013, 'Order does not exist.')
