/**
 * GET /exchange/orderbook/: the L2 view of a ticker's live book — resting quantity aggregated per
 * price level, best level first on each side, at most `limit` levels per side.
 */
import type {OrderBook} from '../engine/book.js'
import type {TickerSpec} from '../trading/spec.js'
import {nowIso} from '../ground/time.js'

export const BOOK_LIMIT = {default: 100, max: 200}

export type OrderBookView = {ticker: string; bids: [string, string][]; asks: [string, string][]; timestamp: string}

export function orderBookView(
  spec: TickerSpec,
  {bids, asks}: Pick<ReturnType<OrderBook['depth']>, 'bids' | 'asks'>,
): OrderBookView {
  const level = ([ticks, lots]: [number, number]): [string, string] => [spec.formatPrice(ticks), spec.formatQty(lots)]
  return {ticker: spec.symbol, bids: bids.map(level), asks: asks.map(level), timestamp: nowIso()}
}
