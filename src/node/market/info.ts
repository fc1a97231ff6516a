/**
 * GET /exchange/info/ and GET /time/: what a client needs before its first order, like Binance's
 * exchangeInfo and time. Each ticker's trading rules (`tick_size`, `lot_size`, `min_notional`,
 * `status`) and each asset's `decimals`, so that a client rounds its prices and quantities instead of
 * learning the rules from 400s; the server clock, so that it can set X-Timestamp (docs/market-data.md).
 */
import type {RateLimits} from '../ground/config.js'
import type {PublicServices} from '../public-services.js'

export type TickerRulesView = {
  symbol: string
  base_asset: string
  quote_asset: string
  /** `trading` (orders accepted) or `halted` (the ticker is inactive: orders are refused). */
  status: 'trading' | 'halted'
  /** Price step, in the quote asset: a price must be a whole multiple. */
  tick_size: string
  /** Quantity step, in the base asset: a qty must be a whole multiple. */
  lot_size: string
  /** Smallest price x qty of a limit order, in the quote asset. */
  min_notional: string
  order_types: ('limit' | 'market' | 'stop_limit' | 'stop_market')[]
  time_in_force: ('GTC' | 'IOC' | 'FOK')[]
}

export type AssetRulesView = {code: string; name: string; decimals: number}

export type ExchangeInfoView = {
  server_time: string
  server_time_ms: number
  tickers: TickerRulesView[]
  assets: AssetRulesView[]
  /** The REST rate classes in requests per second (the orders limit is per tier: GET /accounts/me/). */
  rate_limits: {standard_per_second: number; strict_per_second: number; internal_per_second: number}
}

export type ServerTimeView = {server_time: string; server_time_ms: number}

/** The server clock as ISO 8601 UTC with milliseconds and as Unix ms (what X-Timestamp carries). */
export function serverTime(nowMs: number): ServerTimeView {
  return {server_time: new Date(nowMs).toISOString(), server_time_ms: nowMs}
}

/** Every ticker (active or halted) in symbol order and every active asset in code order. */
export function exchangeInfo(
  tickers: PublicServices['tickers'],
  assets: PublicServices['assets'],
  limits: RateLimits,
  nowMs: number,
): ExchangeInfoView {
  return {
    ...serverTime(nowMs),
    tickers: tickers
      .list(true)
      .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0))
      .map((ticker) => ({
        symbol: ticker.symbol,
        base_asset: ticker.baseAsset,
        quote_asset: ticker.quoteAsset,
        status: ticker.active ? 'trading' : 'halted',
        tick_size: ticker.tickSize,
        lot_size: ticker.lotSize,
        min_notional: ticker.minNotional,
        order_types: ['limit', 'market', 'stop_limit', 'stop_market'],
        time_in_force: ['GTC', 'IOC', 'FOK'],
      })),
    assets: assets.list(false).map((asset) => ({code: asset.code, name: asset.name, decimals: asset.decimals})),
    rate_limits: {standard_per_second: limits.standard, strict_per_second: limits.strict, internal_per_second: limits.internal},
  }
}
