/**
 * Orders and trades in the v1 wire shape (docs/trading.md "The order object"), for every transport
 * that speaks it: REST, the orders WebSocket, the trades stream and the admin gRPC's AdminOrder.
 */
import type {Fill, Order, PublicTrade, UserTrade} from '../trading/model.js'

export type OrderView = {
  id: string
  client_order_id: string
  seq: number
  ticker: string
  side: 'buy' | 'sell'
  type: 'limit' | 'market' | 'stop_limit' | 'stop_market'
  time_in_force: string
  /** A limit order's price; a market order's average fill price ("0" while it has no fill). */
  price: string
  qty: string
  filled_qty: string
  /** The average price of its fills so far, rounded down to the quote asset's decimals; null without fills. */
  avg_price: string | null
  status: string
  created_at: string
  updated_at: string
  /** A stop order's stop price; null for other orders (docs/trading.md "Stop orders"). */
  stop_price: string | null
  /** A stop order's direction: `rise` triggers when the last price is at or above the stop, `fall` at or below; null for other orders. */
  stop_direction: 'rise' | 'fall' | null
  /** When a stop order triggered and entered the book; null while it waits, and for other orders. */
  triggered_at: string | null
  /** A market buy's quote budget, when it named one instead of a quantity; null otherwise. */
  quote_qty: string | null
  self_trade_prevention: 'expire_taker' | 'expire_maker' | 'expire_both' | 'none'
}

/** One fill of an order as its taker, in the place answer: `fee` is what the taker paid, in `fee_asset` (the asset it received). */
export type FillView = {trade_id: string; price: string; qty: string; fee: string; fee_asset: string}

export type PublicTradeView = {id: string; ticker: string; price: string; qty: string; side: 'buy' | 'sell'; executed_at: string}

/** A fill as one of its two accounts sees it (GET /trades/). */
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

export function orderView(order: Order): OrderView {
  return {
    id: order.id,
    client_order_id: order.clientOrderId ?? '',
    seq: order.seq,
    ticker: order.ticker,
    side: order.side,
    type: order.stopPrice === null ? order.type : order.type === 'limit' ? 'stop_limit' : 'stop_market',
    time_in_force: order.timeInForce,
    price: order.price ?? order.avgPrice ?? '0',
    qty: order.qty,
    filled_qty: order.filledQty,
    avg_price: order.avgPrice,
    status: order.status,
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    stop_price: order.stopPrice,
    stop_direction: order.stopDirection,
    triggered_at: order.stopPrice === null ? null : order.workingAt,
    quote_qty: order.quoteQty,
    self_trade_prevention: order.selfTrade,
  }
}

export function fillView(fill: Fill): FillView {
  return {trade_id: fill.tradeId, price: fill.price, qty: fill.qty, fee: fill.fee, fee_asset: fill.feeAsset}
}

export function publicTradeView(trade: PublicTrade): PublicTradeView {
  return {id: trade.id, ticker: trade.ticker, price: trade.price, qty: trade.qty, side: trade.side, executed_at: trade.executedAt}
}

export function userTradeView(trade: UserTrade): UserTradeView {
  return {
    id: trade.id,
    order_id: trade.orderId,
    ticker: trade.ticker,
    side: trade.side,
    price: trade.price,
    qty: trade.qty,
    quote_qty: trade.quoteQty,
    fee: trade.fee,
    fee_asset: trade.feeAsset,
    is_maker: trade.isMaker,
    executed_at: trade.executedAt,
  }
}
