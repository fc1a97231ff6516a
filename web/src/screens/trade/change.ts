/**
 * A pair's 24 h change for reading: the API gives the absolute change of the window (last minus
 * first trade price, docs/market-data.md "GET /exchange/tickers/"); the live last price moves it, and
 * the percentage is of the window's first price.
 */
import Decimal from 'decimal.js'
import type {PairStats} from '../../api/trading'

export type Change = {last: string; change: string; percent: string | null; direction: 'up' | 'down' | 'flat'}

export function pairChange(stats: PairStats, livePrice: string | undefined): Change {
  const last = livePrice ?? stats.last_price
  const tradedInWindow = stats.volume_24h !== '0'
  if (!tradedInWindow) return {last, change: '0', percent: null, direction: 'flat'}
  const first = new Decimal(stats.last_price).minus(stats.price_change_24h)
  const change = new Decimal(last).minus(first)
  const percent = first.isZero() ? null : change.dividedBy(first).times(100).toDecimalPlaces(2).toFixed(2)
  return {last, change: change.toFixed(), percent, direction: change.isZero() ? 'flat' : change.isPositive() ? 'up' : 'down'}
}

/** A signed number with its sign always written: "+1.25", "-0.5", "0". */
export const signed = (value: string): string =>
  value.startsWith('-') || value === '0' || /^0(\.0+)?$/.test(value) ? value : `+${value}`
