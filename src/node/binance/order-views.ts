/**
 * Orders and trades as the Binance form shows them (docs/binance-compat.md "Signed REST (/api/v3/...)"): integers where Binance has
 * integers (`orderId` the order's seq, `tradeId`/`id` the trade's seq, times in ms), decimal strings
 * for prices and quantities, never a `code` inside an order. REST and the user data stream render
 * from here.
 */
import type {SelfTradeMode} from '../engine/types.js'
import type {Fill, Order, UserTrade} from '../trading/model.js'
import type {PlaceResult} from '../trading/trading.js'
import {cancelIdOf} from './cancel-ids.js'

export type BinanceStatus = 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'EXPIRED' | 'EXPIRED_IN_MATCH'
export type BinanceType =
  'LIMIT' | 'MARKET' | 'LIMIT_MAKER' | 'STOP_LOSS' | 'STOP_LOSS_LIMIT' | 'TAKE_PROFIT' | 'TAKE_PROFIT_LIMIT'
export type ResponseType = 'ACK' | 'RESULT' | 'FULL'

/** The self-trade prevention modes, as Binance spells them, with the trading service's. */
export const STP_MODES = {
  EXPIRE_TAKER: 'expire_taker',
  EXPIRE_MAKER: 'expire_maker',
  EXPIRE_BOTH: 'expire_both',
  NONE: 'none',
} as const satisfies Record<string, SelfTradeMode>
export type BinanceStpMode = keyof typeof STP_MODES

/** An order's self-trade prevention mode as Binance spells it. */
export const stpModeOf = (order: Order): BinanceStpMode => order.selfTrade.toUpperCase() as BinanceStpMode

/**
 * CANCELED when the owner cancelled it; EXPIRED_IN_MATCH when self-trade prevention ended it (whatever
 * the mode); EXPIRED when the book ended it otherwise (IOC/FOK/market remainder, post-only).
 */
export function statusOf(order: Order): BinanceStatus {
  switch (order.status) {
    case 'open':
      return 'NEW'
    case 'partial':
      return 'PARTIALLY_FILLED'
    case 'filled':
      return 'FILLED'
    default:
      return order.endReason === 'cancelled' ? 'CANCELED' : order.endReason === 'self_trade' ? 'EXPIRED_IN_MATCH' : 'EXPIRED'
  }
}

/**
 * A stop order's type: a stop-loss sells as the price falls (or buys as it rises), a take-profit the
 * other way round; `_LIMIT` when it carries a limit order.
 */
export function typeOf(order: Order): BinanceType {
  if (order.stopDirection === null) return order.type === 'market' ? 'MARKET' : order.postOnly ? 'LIMIT_MAKER' : 'LIMIT'
  const stopLoss = (order.side === 'sell') === (order.stopDirection === 'fall')
  const kind = stopLoss ? 'STOP_LOSS' : 'TAKE_PROFIT'
  return order.type === 'market' ? kind : `${kind}_LIMIT`
}

/** When the order entered the book, in ms: a stop still waiting has not (-1). */
const workingTimeOf = (order: Order): number => (order.workingAt === null ? -1 : ms(order.workingAt))

/** An order placed without a client order id shows its own id (a UUID, 36 characters) instead. */
export const clientOrderIdOf = (order: Order): string => order.clientOrderId ?? order.id

/** As Binance shows them: a market order "GTC", a price "0". */
const timeInForceOf = (order: Order): string => (order.type === 'market' ? 'GTC' : order.timeInForce)

const ms = (iso: string): number => Date.parse(iso)

/** The fields every order answer shares. `origQuoteOrderQty` is the budget of a MARKET buy by `quoteOrderQty`, else "0". */
function core(order: Order, symbol: string) {
  return {
    symbol,
    orderId: order.seq,
    orderListId: -1,
    clientOrderId: clientOrderIdOf(order),
    price: order.price ?? '0',
    origQty: order.qty,
    executedQty: order.filledQty,
    origQuoteOrderQty: order.quoteQty ?? '0',
    cummulativeQuoteQty: order.filledQuote,
    status: statusOf(order),
    timeInForce: timeInForceOf(order),
    type: typeOf(order),
    side: order.side === 'buy' ? ('BUY' as const) : ('SELL' as const),
  }
}

/** An order as `GET /api/v3/order`, `openOrders` and `allOrders` answer it. */
export function orderView(order: Order, symbol: string) {
  return {
    ...core(order, symbol),
    stopPrice: order.stopPrice ?? '0',
    icebergQty: '0',
    time: ms(order.createdAt),
    updateTime: ms(order.updatedAt),
    isWorking: order.workingAt !== null,
    workingTime: workingTimeOf(order),
    selfTradePreventionMode: stpModeOf(order),
  }
}

export function fillView(fill: Fill) {
  return {price: fill.price, qty: fill.qty, commission: fill.fee, commissionAsset: fill.feeAsset, tradeId: fill.tradeSeq}
}

/** The answer to `POST /api/v3/order` in the asked form: ACK, RESULT, or FULL with the fills. */
export function placedView(result: PlaceResult, symbol: string, type: ResponseType) {
  const {order} = result
  const transactTime = ms(result.exchangeTime)
  const ack = {symbol, orderId: order.seq, orderListId: -1, clientOrderId: clientOrderIdOf(order), transactTime}
  if (type === 'ACK') return ack
  const answer = {
    ...core(order, symbol),
    // A stop order's answer names its stop price, as Binance's does.
    ...(order.stopPrice === null ? {} : {stopPrice: order.stopPrice}),
    transactTime,
    workingTime: workingTimeOf(order),
    selfTradePreventionMode: stpModeOf(order),
  }
  return type === 'RESULT' ? answer : {...answer, fills: result.fills.map(fillView)}
}

/**
 * The answer to a cancel: the order as cancelled, its own client order id as `origClientOrderId`,
 * the cancel's as `clientOrderId` (the name the cancel gave, or the one made for it: cancel-ids.ts).
 */
export function cancelledView(order: Order, symbol: string) {
  const {clientOrderId, ...rest} = core(order, symbol)
  return {
    ...rest,
    origClientOrderId: clientOrderId,
    clientOrderId: cancelIdOf(order.id),
    transactTime: ms(order.updatedAt),
    ...(order.stopPrice === null ? {} : {stopPrice: order.stopPrice}),
    selfTradePreventionMode: stpModeOf(order),
  }
}

/** A fill as `GET /api/v3/myTrades` shows it, from the caller's side. */
export function myTradeView(trade: UserTrade, symbol: string) {
  return {
    symbol,
    id: trade.seq,
    orderId: trade.orderSeq,
    orderListId: -1,
    price: trade.price,
    qty: trade.qty,
    quoteQty: trade.quoteQty,
    commission: trade.fee,
    commissionAsset: trade.feeAsset,
    time: ms(trade.executedAt),
    isBuyer: trade.side === 'buy',
    isMaker: trade.isMaker,
    isBestMatch: true,
  }
}
