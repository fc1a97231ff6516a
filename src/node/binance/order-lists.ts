/**
 * The caller's orders and trades on the Binance form (docs/binance-compat.md "Signed REST (/api/v3/...)"): `GET` and `DELETE
 * /api/v3/openOrders`, `GET /api/v3/allOrders`, `GET /api/v3/myTrades`. Lists go oldest first, as
 * Binance's: from `orderId`/`fromId`/`startTime` when given, else the latest `limit`.
 */
import {pairName, resolvePair, symbolParam, timeRange} from './params.js'
import {badCombination} from './errors.js'
import {cancelledView, myTradeView, orderView} from './order-views.js'
import type {SignedKit} from './signed.js'

export const LIST_LIMIT = {default: 500, max: 1000}
/** At most this many open orders are listed (Binance's own cap per symbol is 200). */
export const OPEN_ORDERS_MAX = 10_000
const MAX_ID = Number.MAX_SAFE_INTEGER

export function orderListRoutes({router, services, params, signed, caller}: SignedKit): void {
  const {trading, tickers} = services
  const read = signed({permission: 'read'})
  const cancel = signed({permission: 'trade', orders: true})

  router.get('/openOrders', read, async (ctx) => {
    const query = params(ctx)
    const symbol = query.optional('symbol')
    query.done()
    const ticker = symbol === undefined ? undefined : resolvePair(tickers, symbol)
    const {orders} = await trading.listOrders({
      accountId: caller(ctx).account.id,
      ticker: ticker?.symbol,
      open: true,
      ascending: true,
      limit: OPEN_ORDERS_MAX,
      offset: 0,
    })
    ctx.body = orders.map((order) => orderView(order, pairOf(order.ticker)))
  })

  router.delete('/openOrders', cancel, async (ctx) => {
    const query = params(ctx)
    const ticker = symbolParam(query, tickers)
    query.done()
    const cancelled = await trading.cancelAllOrders(caller(ctx).account.id, ticker.symbol)
    ctx.body = cancelled.map((order) => cancelledView(order, pairName(ticker)))
  })

  router.get('/allOrders', read, async (ctx) => {
    const query = params(ctx)
    const ticker = symbolParam(query, tickers)
    const orderId = query.integer('orderId', 0, MAX_ID)
    const {from, to, start} = timeRange(query)
    const limit = query.limit(LIST_LIMIT.default, LIST_LIMIT.max)
    query.done()
    const forward = orderId !== undefined || start !== undefined
    const {orders} = await trading.listOrders({
      accountId: caller(ctx).account.id,
      ticker: ticker.symbol,
      sinceSeq: orderId === undefined ? undefined : orderId - 1,
      from,
      to,
      limit,
      offset: 0,
      ascending: forward,
    })
    if (!forward) orders.reverse()
    ctx.body = orders.map((order) => orderView(order, pairName(ticker)))
  })

  router.get('/myTrades', read, async (ctx) => {
    const query = params(ctx)
    const ticker = symbolParam(query, tickers)
    const orderId = query.integer('orderId', 0, MAX_ID)
    const fromId = query.integer('fromId', 0, MAX_ID)
    const {from, to, start} = timeRange(query)
    if (fromId !== undefined && (from !== undefined || to !== undefined)) throw badCombination()
    const limit = query.limit(LIST_LIMIT.default, LIST_LIMIT.max)
    query.done()
    const forward = fromId !== undefined || start !== undefined
    const {trades} = await trading.listTrades({
      accountId: caller(ctx).account.id,
      ticker: ticker.symbol,
      orderSeq: orderId,
      sinceSeq: fromId === undefined ? undefined : fromId - 1,
      from,
      to,
      limit,
      offset: 0,
      ascending: forward,
    })
    if (!forward) trades.reverse()
    ctx.body = trades.map((trade) => myTradeView(trade, pairName(ticker)))
  })

  /** The pair name of a ticker symbol (`BTC-USDT` → `BTCUSDT`). */
  function pairOf(symbol: string): string {
    const ticker = tickers.get(symbol)
    return ticker ? pairName(ticker) : symbol.replace('-', '')
  }
}
