/**
 * Request parameters of the Binance-form API, read from the query string exactly as sent (and, for
 * the signed endpoints, the form body after it). Every parameter an endpoint reads is marked; one it
 * did not read is refused with -1104 (`done`), as Binance does, so a client never believes an option
 * was applied that was not.
 */
import type Router from '@koa/router'
import type {Context, Middleware} from 'koa'
import type {Ticker} from '../tickers/tickers.js'
import {BinanceError, badCombination, illegal, invalidSymbol, missing} from './errors.js'
import type {PublicServices} from '../public-services.js'

const INTEGER = /^\d{1,18}$/
/** Binance's own pattern for the `symbols` parameter. */
const SYMBOLS = /^\[("[A-Za-z0-9\-_.]{1,20}"(,"[A-Za-z0-9\-_.]{1,20}")*)?\]$/

/** What each router file of this API is given: the router, the services, the rate class, and the parameters of a request. */
export type RouteKit = {router: Router; services: PublicServices; limited: Middleware; params: (ctx: Context) => Params}

export class Params {
  private readonly values = new Map<string, string>()
  private readonly read = new Set<string>()

  constructor(...sources: URLSearchParams[]) {
    for (const source of sources) {
      for (const [name, value] of source) {
        if (this.values.has(name)) throw new BinanceError(-1101, `Duplicate values for parameter '${name}'.`)
        this.values.set(name, value)
      }
    }
  }

  /** A parameter's value; undefined when not sent. An empty value is refused (-1105). */
  optional(name: string): string | undefined {
    this.read.add(name)
    const value = this.values.get(name)
    if (value === '') throw new BinanceError(-1105, `Parameter '${name}' was empty.`)
    return value
  }

  required(name: string): string {
    const value = this.optional(name)
    if (value === undefined) throw missing(name)
    return value
  }

  /** A whole number from `min` to `max`; undefined when not sent. */
  integer(name: string, min: number, max: number): number | undefined {
    const value = this.optional(name)
    if (value === undefined) return undefined
    const number = Number(value)
    if (!INTEGER.test(value) || !Number.isSafeInteger(number) || number < min || number > max) {
      throw illegal(name, `${min}..${max}`)
    }
    return number
  }

  /** `limit`: `fallback` when not sent; above `max` is cut to `max` when `truncate` (Binance's depth), else refused. */
  limit(fallback: number, max: number, truncate = false): number {
    const value = this.integer('limit', 1, truncate ? Number.MAX_SAFE_INTEGER : max)
    return value === undefined ? fallback : Math.min(value, max)
  }

  /** A time in epoch ms; undefined when not sent. */
  time(name: string): number | undefined {
    return this.integer(name, 0, 253_402_300_799_999)
  }

  /** Refuses any parameter that was sent but not read. */
  done(): void {
    const unread = [...this.values.keys()].filter((name) => !this.read.has(name))
    if (unread.length) {
      throw new BinanceError(
        -1104,
        `Not all sent parameters were read; read ${this.values.size - unread.length} parameter(s) but was sent ${this.values.size} (${unread.join(', ')}).`,
      )
    }
  }
}

/** `startTime`/`endTime` as the services take them (ISO times of the rows), refusing start after end (-1128). */
export function timeRange(params: Params): {from?: string; to?: string; start?: number} {
  const start = params.time('startTime')
  const end = params.time('endTime')
  if (start !== undefined && end !== undefined && start > end) throw badCombination()
  return {
    start,
    from: start === undefined ? undefined : new Date(start).toISOString(),
    to: end === undefined ? undefined : new Date(end).toISOString(),
  }
}

/** A ticker's name on this API: its base and quote codes run together (`BTCUSDT`). */
export const pairName = (ticker: Ticker): string => ticker.baseAsset + ticker.quoteAsset

/** The ticker `BTCUSDT` names (any letter case), active or halted; -1121 when none. */
export function resolvePair(tickers: PublicServices['tickers'], name: string): Ticker {
  const ticker = tickers.byPair(name)
  if (!ticker) throw invalidSymbol()
  return ticker
}

/** The required `symbol` parameter as a ticker. */
export function symbolParam(params: Params, tickers: PublicServices['tickers']): Ticker {
  return resolvePair(tickers, params.required('symbol'))
}

/**
 * `symbol=X` (one), `symbols=["X","Y"]` (those, in that order) or neither (every ticker, active or
 * halted, in symbol order). `single` says whether the answer is one object rather than a list.
 */
export function symbolsParam(params: Params, tickers: PublicServices['tickers']): {tickers: Ticker[]; single: boolean} {
  const symbol = params.optional('symbol')
  const symbols = params.optional('symbols')
  if (symbol !== undefined && symbols !== undefined) throw badCombination()
  if (symbol !== undefined) return {tickers: [resolvePair(tickers, symbol)], single: true}
  if (symbols === undefined) {
    return {tickers: tickers.list(true).sort((a, b) => (pairName(a) < pairName(b) ? -1 : 1)), single: false}
  }
  if (!SYMBOLS.test(symbols)) throw illegal('symbols', String(SYMBOLS.source))
  const names = JSON.parse(symbols) as string[]
  if (names.length === 0) throw illegal('symbols', 'a non-empty list')
  return {tickers: [...new Set(names.map((name) => name.toUpperCase()))].map((name) => resolvePair(tickers, name)), single: false}
}
