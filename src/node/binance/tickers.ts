/**
 * The tickers of the Binance-form API (docs/binance-compat.md "Public REST (/api/v3/...)"): `ticker/24hr` (FULL or MINI), `ticker/price`,
 * `ticker/bookTicker`, each for `symbol=X` (an object), `symbols=["X","Y"]` or every pair (a list).
 */
import {illegal} from './errors.js'
import {symbolsParam, type RouteKit} from './params.js'
import {bookTicker, dayTicker, lastPrice, miniTicker} from './views.js'

export function tickerRoutes({router, services, limited, params}: RouteKit): void {
  const {trading, tradeHistory: history, tickers} = services

  router.get('/ticker/24hr', limited, async (ctx) => {
    const query = params(ctx)
    const selected = symbolsParam(query, tickers)
    const type = query.optional('type') ?? 'FULL'
    query.done()
    if (type !== 'FULL' && type !== 'MINI') throw illegal('type', 'FULL, MINI')
    const now = Date.now()
    const views = await Promise.all(
      selected.tickers.map(async (ticker) => {
        const day = await dayTicker(ticker, trading, history, now)
        return type === 'MINI' ? miniTicker(day) : day
      }),
    )
    ctx.body = selected.single ? views[0] : views
  })

  router.get('/ticker/price', limited, async (ctx) => {
    const query = params(ctx)
    const selected = symbolsParam(query, tickers)
    query.done()
    const now = Date.now()
    const views = await Promise.all(selected.tickers.map((ticker) => lastPrice(ticker, trading, history, now)))
    ctx.body = selected.single ? views[0] : views
  })

  router.get('/ticker/bookTicker', limited, async (ctx) => {
    const query = params(ctx)
    const selected = symbolsParam(query, tickers)
    query.done()
    const views = await Promise.all(selected.tickers.map((ticker) => bookTicker(ticker, trading)))
    ctx.body = selected.single ? views[0] : views
  })
}
