/**
 * Why the trading service refused an order, as a typed value beside the error code: a transport that
 * spells refusals by their reason (the Binance form's `-1013 Filter failure: PRICE_FILTER`, `LOT_SIZE`,
 * `NOTIONAL`, "Market is closed.") reads `reason`; every other transport maps the `code` as for any
 * ExchangeError, so /api/v1 answers exactly as before.
 */
import {ExchangeError, type ErrorCode} from '../ground/errors.js'

export type OrderRefusalReason =
  /** The price is not a positive multiple of the tick (or finer than the quote asset, or too large). */
  | 'price_tick'
  /** The quantity is not a positive multiple of the lot (or finer than the base asset, or too large). */
  | 'qty_lot'
  /** price x qty is below the ticker's minimum notional. */
  | 'min_notional'
  /** The ticker is halted. */
  | 'ticker_halted'
  /** A market buy by quote amount for which the book offers not one whole lot. */
  | 'no_liquidity'
  /** A stop whose stop price the last trade price has already reached. */
  | 'would_trigger'
  /** A stop-market buy by base quantity: nothing could be held for it (it names a quote amount instead). */
  | 'stop_market_buy_qty'

export class OrderRefusal extends ExchangeError {
  constructor(
    readonly reason: OrderRefusalReason,
    code: ErrorCode,
    message: string,
  ) {
    super(code, message)
  }
}

export const refuseOrder = (reason: OrderRefusalReason, message: string, code: ErrorCode = 'invalid_argument'): OrderRefusal =>
  new OrderRefusal(reason, code, message)
