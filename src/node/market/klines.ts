/**
 * GET /exchange/klines/: OHLCV candles of a ticker (docs/market-data.md), as the klines module
 * computes them (orders/klines.ts: UTC-aligned, gap-filled, `from`/`to`/`limit`) rendered as
 * decimal strings with ISO open times.
 */
import {invalid} from '../ground/errors.js'
import {INTERVALS, isInterval, type Candle, type Interval} from '../orders/klines.js'
import type {TickerSpec} from '../trading/spec.js'
import {price, qty} from './tickers.js'

export const KLINES_LIMIT = {default: 200, max: 200}

export type KlineView = {open_time: string; open: string; high: string; low: string; close: string; volume: string}

export function parseInterval(value: string | undefined): Interval {
  if (value === undefined) throw invalid('interval is required')
  if (!isInterval(value)) throw invalid(`interval must be one of ${Object.keys(INTERVALS).join(', ')}`)
  return value
}

export function klineView(spec: TickerSpec, candle: Candle): KlineView {
  return {
    open_time: new Date(candle.openMs).toISOString(),
    open: price(spec, candle.open),
    high: price(spec, candle.high),
    low: price(spec, candle.low),
    close: price(spec, candle.close),
    volume: qty(spec, candle.volume),
  }
}
