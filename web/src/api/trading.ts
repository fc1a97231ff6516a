/**
 * The trade and orders screens' REST calls: public market data (docs/market-data.md) and the
 * account's orders, trades and balances (docs/rest.md), through the typed client. Money stays the
 * wire's decimal strings both ways: an order is sent with the price and amount exactly as typed.
 */
import {api, ApiError, call} from './client'
import type {components} from './schema'
import type {Candle, Interval, Order, OrderStatus, PublicTrade} from './live/state'

export type PairRules = components['schemas']['TickerRules']
export type PairStats = components['schemas']['Ticker']
export type UserTrade = components['schemas']['UserTrade']
export type Balance = components['schemas']['Balance']
export type PlaceAnswer = components['schemas']['PlaceOrderResponse']

/**
 * A read that the node's rate limit refused (429) is tried again after a second, twice: a page opening
 * makes several reads at once, and a person's standard class allows 5 a second (docs/rest.md "Rate
 * limits"). Writes are never retried.
 */
export async function patiently<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read()
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 429) || attempt === 3) throw error
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt))
    }
  }
}

/** Every pair's trading rules, halted ones too (GET /exchange/info/). */
export async function pairRules(): Promise<PairRules[]> {
  return (await patiently(() => call(api.GET('/exchange/info/')))).tickers
}

/** The active pairs with their last price and 24 h statistics (GET /exchange/tickers/). */
export async function pairStats(): Promise<PairStats[]> {
  return (await patiently(() => call(api.GET('/exchange/tickers/')))).tickers
}

export async function candles(ticker: string, interval: Interval): Promise<Candle[]> {
  return (await patiently(() => call(api.GET('/exchange/klines/', {params: {query: {ticker, interval, limit: 200}}})))).klines
}

export async function recentTrades(ticker: string, limit: number): Promise<PublicTrade[]> {
  return (await patiently(() => call(api.GET('/exchange/trades/', {params: {query: {ticker, limit}}})))).trades
}

export type OrderQuery = {ticker?: string; status?: OrderStatus; limit: number; offset?: number}

/** A page of the account's orders, newest first, and how many match (GET /orders/). */
export async function myOrders(query: OrderQuery): Promise<{orders: Order[]; total: number}> {
  return patiently(() => call(api.GET('/orders/', {params: {query}})))
}

/** A page of the account's trades, newest first, and how many match (GET /trades/). */
export async function myTrades(query: {
  ticker?: string
  limit: number
  offset?: number
}): Promise<{trades: UserTrade[]; total: number}> {
  return patiently(() => call(api.GET('/trades/', {params: {query}})))
}

/** The account's balances, funding and trading (GET /balances/). */
export async function balances(): Promise<Balance[]> {
  return (await patiently(() => call(api.GET('/balances/')))).balances
}

export type OrderRequest = {ticker: string; side: 'buy' | 'sell'; type: 'limit' | 'market'; price: string; qty: string}

/** Places an order with the price and amount as typed (a market order has no price). */
export async function placeOrder(request: OrderRequest): Promise<PlaceAnswer> {
  const {ticker, side, type, price, qty} = request
  const body =
    type === 'limit'
      ? {
          ticker,
          side,
          type,
          price,
          qty,
          time_in_force: 'GTC' as const,
          post_only: false,
          self_trade_prevention: 'expire_taker' as const,
        }
      : {ticker, side, type, qty, time_in_force: 'IOC' as const, post_only: false, self_trade_prevention: 'expire_taker' as const}
  return call(api.POST('/orders/place/', {body}))
}

/** Cancels a resting order; the answer carries the order as it is now. */
export async function cancelOrder(orderId: string): Promise<Order> {
  return (await call(api.POST('/orders/cancel/', {body: {order_id: orderId}}))).order
}
