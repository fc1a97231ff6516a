/** Query-string parsing shared by the market-data endpoints; every refusal is a 400 `invalid_argument`. */
import type {Context} from 'koa'
import {invalid, notFound} from '../ground/errors.js'
import {queryParam} from '../http/query.js'
import type {Ticker} from '../tickers/tickers.js'
import type {PublicServices} from '../public-services.js'

/**
 * The `ticker` parameter: required (400), case-insensitive, and an active pair. A pair that does
 * not exist or is not active is 404: the market-data surface shows exactly the pairs listed by
 * GET /exchange/tickers/.
 */
export function requireTicker(ctx: Context, services: PublicServices): Ticker {
  const symbol = queryParam(ctx, 'ticker')
  if (symbol === undefined) throw invalid('ticker is required')
  if (symbol.length > 21) throw invalid('ticker is longer than 21 characters')
  const ticker = services.tickers.get(symbol.toUpperCase())
  if (!ticker || !ticker.active) throw notFound(`ticker ${symbol} not found`)
  return ticker
}

/** The `limit` parameter: absent means `fallback`; otherwise an integer from 1 to `max` (above the maximum is a 400, as on Binance). */
export function limitParam(ctx: Context, fallback: number, max: number): number {
  const value = queryParam(ctx, 'limit')
  if (value === undefined) return fallback
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw invalid(`limit must be an integer from 1 to ${max}`)
  }
  return Number(value)
}
