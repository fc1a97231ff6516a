/**
 * GET /trades/?ticker&from&to&limit&offset: the caller's fills, newest first. Each trade is seen from
 * the caller's side: `side` is the caller's side, `fee` is what the caller paid, in the asset the
 * caller received (base for a buy, quote for a sell), exact to the asset's last unit.
 */
import type {Context} from 'koa'
import type {HttpDeps} from '../public-services.js'
import {parseOptionalTime} from '../ground/time.js'
import {callerOf} from './caller.js'
import {tickerFilter} from './orders.js'
import {pageOf, queryParam} from '../http/query.js'

export const TRADES_DEFAULT_LIMIT = 100
export const TRADES_MAX_LIMIT = 200

import {userTradeView} from '../views/orders.js'

export function listTrades(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = callerOf(ctx)
    const ticker = tickerFilter(deps, queryParam(ctx, 'ticker'))
    const from = parseOptionalTime(queryParam(ctx, 'from'), 'from')
    const to = parseOptionalTime(queryParam(ctx, 'to'), 'to')
    const {limit, offset} = pageOf(ctx, TRADES_DEFAULT_LIMIT, TRADES_MAX_LIMIT)
    const {trades, total} = await deps.services.trading.listTrades({accountId: account.id, ticker, from, to, limit, offset})
    ctx.body = {trades: trades.map(userTradeView), total}
  }
}
