/**
 * The market stream names of the Binance-form API (docs/binance-compat.md "Market streams"), symbols in lower case:
 * `<s>@trade`, `<s>@aggTrade`, `<s>@depth` and `<s>@depth@100ms` (diffs), `<s>@depth5|10|20` (and
 * `@100ms`), `<s>@kline_<interval>`, `<s>@miniTicker`, `<s>@ticker`, `<s>@bookTicker`,
 * `!miniTicker@arr`, `!ticker@arr`.
 */
import {isInterval, type Interval} from '../orders/klines.js'
import type {PublicServices} from '../public-services.js'

export type StreamSpec =
  | {kind: 'trade' | 'aggTrade' | 'miniTicker' | 'ticker' | 'bookTicker'; symbol: string}
  | {kind: 'depth'; symbol: string; intervalMs: number}
  | {kind: 'partialDepth'; symbol: string; levels: number; intervalMs: number}
  | {kind: 'kline'; symbol: string; interval: Interval}
  | {kind: 'allMiniTickers' | 'allTickers'}

const PER_SYMBOL =
  /^([a-z0-9]{2,20})@(trade|aggTrade|miniTicker|ticker|bookTicker|depth(5|10|20)?(@100ms|@1000ms)?|kline_([0-9a-zA-Z]{2,3}))$/

/** The stream a name denotes, or undefined when it names none (an unknown form or symbol). */
export function parseStream(name: string, tickers: PublicServices['tickers']): StreamSpec | undefined {
  if (name === '!miniTicker@arr') return {kind: 'allMiniTickers'}
  if (name === '!ticker@arr') return {kind: 'allTickers'}
  const match = PER_SYMBOL.exec(name)
  if (!match) return undefined
  const [, pair, kind, levels, speed, interval] = match as unknown as [string, string, string, string?, string?, string?]
  const ticker = tickers.byPair(pair)
  if (!ticker) return undefined
  const symbol = ticker.symbol
  const intervalMs = speed === '@100ms' ? 100 : 1000
  if (kind.startsWith('depth')) {
    return levels ? {kind: 'partialDepth', symbol, levels: Number(levels), intervalMs} : {kind: 'depth', symbol, intervalMs}
  }
  if (interval !== undefined) return isInterval(interval) ? {kind: 'kline', symbol, interval} : undefined
  return {kind: kind as 'trade' | 'aggTrade' | 'miniTicker' | 'ticker' | 'bookTicker', symbol}
}
