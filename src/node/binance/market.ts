/**
 * Public market data of the Binance-form API (docs/binance-compat.md "Public REST (/api/v3/...)"): `depth`, `trades`, `aggTrades`,
 * `klines`, `avgPrice`. Each handler reads its parameters, asks the trading service or the trade
 * history (the same ones /api/v1 uses) and renders Binance's shape.
 */
import {isInterval} from '../orders/klines.js'
import {badCombination, invalidInterval} from './errors.js'
import {symbolParam, type RouteKit} from './params.js'
import {aggTradeView, klineRow, levels, price, tradeView} from './views.js'

export const DEPTH_LIMIT = {default: 100, max: 5000}
export const TRADES_LIMIT = {default: 500, max: 1000}
export const KLINES_LIMIT = {default: 500, max: 1000}
/** The window of `avgPrice`, in minutes. */
const AVG_PRICE_MINUTES = 5

export function marketDataRoutes({router, services, limited, params}: RouteKit): void {
  const {trading, tradeHistory: history, tickers} = services

  router.get('/depth', limited, async (ctx) => {
    const query = params(ctx)
    const ticker = symbolParam(query, tickers)
    const limit = query.limit(DEPTH_LIMIT.default, DEPTH_LIMIT.max, true)
    query.done()
    const spec = trading.spec(ticker.symbol)
    const depth = await trading.depth(ticker.symbol, limit)
    ctx.body = {lastUpdateId: depth.updateId, bids: levels(spec, depth.bids), asks: levels(spec, depth.asks)}
  })

  router.get('/trades', limited, async (ctx) => {
    const query = params(ctx)
    const ticker = symbolParam(query, tickers)
    const limit = query.limit(TRADES_LIMIT.default, TRADES_LIMIT.max)
    query.done()
    const spec = trading.spec(ticker.symbol)
    ctx.body = (await history.recent(ticker.symbol, limit)).reverse().map((trade) => tradeView(spec, trade))
  })

  router.get('/aggTrades', limited, async (ctx) => {
    const query = params(ctx)
    const ticker = symbolParam(query, tickers)
    const fromId = query.integer('fromId', 0, Number.MAX_SAFE_INTEGER)
    const startMs = query.time('startTime')
    const endMs = query.time('endTime')
    const limit = query.limit(TRADES_LIMIT.default, TRADES_LIMIT.max)
    query.done()
    if (fromId !== undefined && (startMs !== undefined || endMs !== undefined)) throw badCombination()
    if (startMs !== undefined && endMs !== undefined && startMs > endMs) throw badCombination()
    const spec = trading.spec(ticker.symbol)
    const groups = await history.aggregated(ticker.symbol, {limit, fromId, startMs, endMs})
    ctx.body = groups.map((group) => aggTradeView(spec, group))
  })

  router.get('/klines', limited, async (ctx) => {
    const query = params(ctx)
    const ticker = symbolParam(query, tickers)
    const interval = query.required('interval')
    const startMs = query.time('startTime')
    const endMs = query.time('endTime')
    const limit = query.limit(KLINES_LIMIT.default, KLINES_LIMIT.max)
    query.done()
    if (!isInterval(interval)) throw invalidInterval()
    if (startMs !== undefined && endMs !== undefined && startMs > endMs) throw badCombination()
    const spec = trading.spec(ticker.symbol)
    // Binance's endTime is inclusive; the klines module's `toMs` is not.
    const candles = await services.klines.read(
      ticker.symbol,
      {interval, fromMs: startMs, toMs: endMs === undefined ? undefined : endMs + 1, limit},
      Date.now(),
    )
    ctx.body = candles.map((candle) => klineRow(spec, interval, candle))
  })

  router.get('/avgPrice', limited, async (ctx) => {
    const query = params(ctx)
    const ticker = symbolParam(query, tickers)
    query.done()
    const spec = trading.spec(ticker.symbol)
    const now = Date.now()
    const window = await history.summary(ticker.symbol, BigInt(now - AVG_PRICE_MINUTES * 60_000), BigInt(now) + 1n)
    // Without a trade in the window: the last price, as the market stands.
    const last = window ? undefined : await history.lastPrice(ticker.symbol, BigInt(now) + 1n)
    ctx.body = {
      mins: AVG_PRICE_MINUTES,
      price: window
        ? spec.formatAveragePrice(window.notional, Number(window.volume))
        : last === undefined
          ? '0'
          : price(spec, last),
      closeTime: now,
    }
  })
}
