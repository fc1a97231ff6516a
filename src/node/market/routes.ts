/**
 * Public market data under /api/v1/exchange/: trading rules (info), tickers, assets, order book, trades,
 * klines, and the server clock at /api/v1/time/. No
 * authentication; all share the unauthenticated rate class (per IP, `limited`: the listener hands
 * in the one it also puts in front of the OpenAPI document). Handlers parse the query, call one
 * function of this module and render it.
 */
import type {Middleware} from 'koa'
import type Router from '@koa/router'
import type {HttpDeps} from '../public-services.js'
import {queryParam} from '../http/query.js'
import {parseOptionalTime} from '../ground/time.js'
import {listAssets} from './assets.js'
import {exchangeInfo, serverTime} from './info.js'
import {BOOK_LIMIT, orderBookView} from './book.js'
import {KLINES_LIMIT, klineView, parseInterval} from './klines.js'
import {limitParam, requireTicker} from './params.js'
import {listTickers} from './tickers.js'
import {TRADES_LIMIT, recentTrades} from './trades.js'

export function marketRoutes(router: Router, deps: HttpDeps, limited: Middleware): void {
  const {services} = deps
  const history = services.tradeHistory

  router.get('/exchange/tickers/', limited, async (ctx) => {
    ctx.body = {tickers: await listTickers(services, history, Date.now())}
  })

  router.get('/exchange/info/', limited, (ctx) => {
    ctx.body = exchangeInfo(services.tickers, services.assets, deps.config.rateLimits, Date.now())
  })

  router.get('/time/', limited, (ctx) => {
    ctx.body = serverTime(Date.now())
  })

  router.get('/exchange/assets/', limited, (ctx) => {
    ctx.body = {assets: listAssets(services.assets)}
  })

  router.get('/exchange/orderbook/', limited, async (ctx) => {
    const ticker = requireTicker(ctx, services)
    const limit = limitParam(ctx, BOOK_LIMIT.default, BOOK_LIMIT.max)
    ctx.body = orderBookView(services.trading.spec(ticker.symbol), await services.trading.depth(ticker.symbol, limit))
  })

  router.get('/exchange/trades/', limited, async (ctx) => {
    const ticker = requireTicker(ctx, services)
    const limit = limitParam(ctx, TRADES_LIMIT.default, TRADES_LIMIT.max)
    ctx.body = {trades: await recentTrades(services.trading.spec(ticker.symbol), history, limit)}
  })

  router.get('/exchange/klines/', limited, async (ctx) => {
    const ticker = requireTicker(ctx, services)
    const interval = parseInterval(queryParam(ctx, 'interval'))
    const from = parseOptionalTime(queryParam(ctx, 'from'), 'from')
    const to = parseOptionalTime(queryParam(ctx, 'to'), 'to')
    const limit = limitParam(ctx, KLINES_LIMIT.default, KLINES_LIMIT.max)
    const query = {
      interval,
      fromMs: from === undefined ? undefined : Date.parse(from),
      toMs: to === undefined ? undefined : Date.parse(to),
      limit,
    }
    const spec = services.trading.spec(ticker.symbol)
    ctx.body = {klines: (await services.klines.read(ticker.symbol, query, Date.now())).map((candle) => klineView(spec, candle))}
  })
}
