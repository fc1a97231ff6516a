/**
 * GET /trades/?ticker&from&to&limit&offset: the caller's fills, newest first. Each trade is seen from
 * the caller's side: `side` is the caller's side, `fee` is what the caller paid, in the asset the
 * caller received (base for a buy, quote for a sell), exact to the asset's last unit.
 */
import type {Context} from 'koa'
import type {HttpDeps} from '../http/deps.js'
import type {TradeRow} from '../orders/orders.js'
import {parseOptionalTime} from '../time.js'
import type {TickerSpec} from '../trading/spec.js'
import {callerOf} from './caller.js'
import {tickerFilter} from './orders.js'
import {pageOf, queryParam} from '../http/query.js'

export const TRADES_DEFAULT_LIMIT = 100
export const TRADES_MAX_LIMIT = 200

export type UserTradeView = {
  id: string
  /** The caller's order that took part. */
  order_id: string
  ticker: string
  side: 'buy' | 'sell'
  price: string
  qty: string
  /** price x qty in the quote asset. */
  quote_qty: string
  fee: string
  fee_asset: string
  is_maker: boolean
  executed_at: string
}

export function listTrades(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = callerOf(ctx)
    const ticker = tickerFilter(deps, queryParam(ctx, 'ticker'))
    const from = parseOptionalTime(queryParam(ctx, 'from'), 'from')
    const to = parseOptionalTime(queryParam(ctx, 'to'), 'to')
    const {limit, offset} = pageOf(ctx, TRADES_DEFAULT_LIMIT, TRADES_MAX_LIMIT)
    const {trading} = deps.services
    const {trades, total} = trading.store.trades({accountId: account.id, ticker, from, to, limit, offset})
    ctx.body = {
      trades: trades.map((row) => {
        const isMaker = row.maker_account_id === account.id && row.taker_account_id !== account.id
        const orderSeq = isMaker ? row.maker_order_seq : row.taker_order_seq
        return toUserTrade(row, trading.spec(row.ticker), isMaker, trading.store.bySeq(orderSeq)?.id ?? '')
      }),
      total,
    }
  }
}

/** One trade as its maker (`isMaker`) or its taker sees it. */
export function toUserTrade(row: TradeRow, spec: TickerSpec, isMaker: boolean, orderId: string): UserTradeView {
  const side = isMaker ? (row.taker_side === 'buy' ? 'sell' : 'buy') : row.taker_side
  const fee = BigInt(isMaker ? row.maker_fee : row.taker_fee)
  return {
    id: row.id,
    order_id: orderId,
    ticker: row.ticker,
    side,
    price: spec.formatPrice(row.price_ticks),
    qty: spec.formatQty(row.qty_lots),
    quote_qty: spec.formatQuote(BigInt(row.quote_amount)),
    fee: side === 'buy' ? spec.formatBase(fee) : spec.formatQuote(fee),
    fee_asset: side === 'buy' ? spec.base : spec.quote,
    is_maker: isMaker,
    executed_at: row.executed_at,
  }
}
