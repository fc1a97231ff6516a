/**
 * Orders and trades as the Binance form shows them (docs/binance-compat.md "Signed REST (/api/v3/...)"): integers where Binance has
 * integers (`orderId` the order's seq, `tradeId`/`id` the trade's seq, times in ms), decimal strings
 * for prices and quantities, never a `code` inside an order. REST and the user data stream render
 * from here.
 */
import type {Fill, Order, UserTrade} from '../trading/model.js'
import type {PlaceResult} from '../trading/trading.js'
import {cancelIdOf} from './cancel-ids.js'

export type BinanceStatus = 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'EXPIRED'
export type BinanceType = 'LIMIT' | 'MARKET' | 'LIMIT_MAKER'
export type ResponseType = 'ACK' | 'RESULT' | 'FULL'

/** The node always acts as Binance's EXPIRE_TAKER: the incoming order's remainder ends. */
export const STP_MODE = 'EXPIRE_TAKER'

/** CANCELED when the owner cancelled it; EXPIRED when the book ended it (IOC/FOK/market remainder, self-trade, post-only). */
export function statusOf(order: Order): BinanceStatus {
  switch (order.status) {
    case 'open':
      return 'NEW'
    case 'partial':
      return 'PARTIALLY_FILLED'
    case 'filled':
      return 'FILLED'
    default:
      return order.endReason === 'cancelled' ? 'CANCELED' : 'EXPIRED'
  }
}

export const typeOf = (order: Order): BinanceType =>
  order.type === 'market' ? 'MARKET' : order.postOnly ? 'LIMIT_MAKER' : 'LIMIT'

/** An order placed without a client order id shows its own id (a UUID, 36 characters) instead. */
export const clientOrderIdOf = (order: Order): string => order.clientOrderId ?? order.id

/** As Binance shows them: a market order "GTC", a price "0". */
const timeInForceOf = (order: Order): string => (order.type === 'market' ? 'GTC' : order.timeInForce)

const ms = (iso: string): number => Date.parse(iso)

/**
 * The fields every order answer shares. `quoteOrderQty` is the budget of a MARKET buy by
 * `quoteOrderQty`, known where the request is at hand (its placement); "0" otherwise: the node keeps
 * the quantity such an order bought, not its budget (docs/binance-compat.md "Decisions").
 */
function core(order: Order, symbol: string, quoteOrderQty = '0') {
  return {
    symbol,
    orderId: order.seq,
    orderListId: -1,
    clientOrderId: clientOrderIdOf(order),
    price: order.price ?? '0',
    origQty: order.qty,
    executedQty: order.filledQty,
    origQuoteOrderQty: quoteOrderQty,
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
    stopPrice: '0',
    icebergQty: '0',
    time: ms(order.createdAt),
    updateTime: ms(order.updatedAt),
    isWorking: true,
    workingTime: ms(order.createdAt),
    selfTradePreventionMode: STP_MODE,
  }
}

export function fillView(fill: Fill) {
  return {price: fill.price, qty: fill.qty, commission: fill.fee, commissionAsset: fill.feeAsset, tradeId: fill.tradeSeq}
}

/** The answer to `POST /api/v3/order` in the asked form: ACK, RESULT, or FULL with the fills. */
export function placedView(result: PlaceResult, symbol: string, type: ResponseType, quoteOrderQty?: string) {
  const {order} = result
  const transactTime = ms(result.exchangeTime)
  const ack = {symbol, orderId: order.seq, orderListId: -1, clientOrderId: clientOrderIdOf(order), transactTime}
  if (type === 'ACK') return ack
  const answer = {
    ...core(order, symbol, quoteOrderQty),
    transactTime,
    workingTime: transactTime,
    selfTradePreventionMode: STP_MODE,
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
    selfTradePreventionMode: STP_MODE,
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
