/** GET /exchange/trades/: the latest public trades of a ticker, newest first; `side` is the aggressor's (taker's) side. */
import type {TickerSpec} from '../trading/spec.js'
import {price, qty} from './tickers.js'
import type {PublicServices} from '../public-services.js'

export const TRADES_LIMIT = {default: 50, max: 100}

export type PublicTradeView = {id: string; price: string; qty: string; side: 'buy' | 'sell'; executed_at: string}

export async function recentTrades(
  spec: TickerSpec,
  history: PublicServices['tradeHistory'],
  limit: number,
): Promise<PublicTradeView[]> {
  return (await history.recent(spec.symbol, limit)).map((trade) => ({
    id: trade.id,
    price: price(spec, trade.price_ticks),
    qty: qty(spec, trade.qty_lots),
    side: trade.taker_side,
    executed_at: trade.executed_at,
  }))
}
