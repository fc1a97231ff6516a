/**
 * Orders: POST /orders/place/, /orders/cancel/, /orders/cancel-all/, GET /orders/, GET /orders/{id}/
 * and GET /orders/by-client-id/{client_order_id}/.
 * Thin adapters over `Trading`: body fields in snake_case, money as decimal strings (a JSON
 * number is refused by the money parser), engine refusals mapped by their error code.
 */
import type {Context} from 'koa'
import {absent, invalid, notFound} from '../ground/errors.js'
import type {HttpDeps} from '../public-services.js'
import {ORDER_STATUSES} from '../orders/orders.js'
import {fillView, orderView, type FillView, type OrderView} from '../views/orders.js'
import {optionalOneOf, requireUuid} from '../ground/validate.js'
import {callerOf} from './caller.js'
import {bodyOf, optionalUuid, pageOf, pathParam, queryParam} from '../http/query.js'

export const ORDERS_DEFAULT_LIMIT = 100
export const ORDERS_MAX_LIMIT = 200

export type PlaceResponse = {
  order_id: string
  client_order_id: string
  exchange_time: string
  status: string
  /** The trades the order made as the taker when placed, oldest first. */
  fills: FillView[]
  /** The average price of those fills (the order's `avg_price`); null without a fill. */
  avg_price: string | null
  order: OrderView
}

/** A client_order_id of this API (docs/trading.md "Client order ids"); the trading service also stores the "." the Binance form allows. */
const CLIENT_ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/

/** POST /orders/place/ → {order_id, client_order_id, exchange_time, status, fills, avg_price, order}. */
export function placeOrder(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = callerOf(ctx)
    const body = bodyOf(ctx)
    const clientOrderId = body['client_order_id']
    if (clientOrderId !== undefined && clientOrderId !== null && clientOrderId !== '') {
      if (typeof clientOrderId !== 'string' || !CLIENT_ORDER_ID.test(clientOrderId))
        throw invalid('client_order_id must be 1 to 64 of A-Z, a-z, 0-9, "_" and "-"')
    }
    const {order, exchangeTime, fills} = await deps.services.trading.place(account.id, {
      ticker: body['ticker'],
      side: body['side'],
      type: body['type'],
      price: body['price'],
      qty: body['qty'],
      clientOrderId,
      timeInForce: body['time_in_force'],
      postOnly: body['post_only'],
      quoteQty: body['quote_qty'],
      stopPrice: body['stop_price'],
      stopDirection: body['stop_direction'],
      selfTrade: body['self_trade_prevention'],
    })
    const view = orderView(order)
    const response: PlaceResponse = {
      order_id: order.id,
      client_order_id: view.client_order_id,
      exchange_time: exchangeTime,
      status: order.status,
      fills: fills.map(fillView),
      avg_price: order.avgPrice,
      order: view,
    }
    ctx.body = response
  }
}

/**
 * POST /orders/cancel/ {order_id?, client_order_id?} → {order_id, client_order_id, status, order}.
 * With both, they must name the same order of the caller (404 otherwise).
 */
export function cancelOrder(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = callerOf(ctx)
    const body = bodyOf(ctx)
    const orderId = optionalUuid(body['order_id'], 'order_id')
    const clientOrderId = optionalClientOrderId(body['client_order_id'])
    if (orderId === undefined && clientOrderId === undefined) throw invalid('order_id or client_order_id is required')
    if (orderId !== undefined && clientOrderId !== undefined) {
      const named = await deps.services.trading.orderOf(account.id, orderId)
      if (named && named.clientOrderId !== clientOrderId) {
        throw notFound('no order has both this order_id and this client_order_id')
      }
    }
    const order = orderView(await deps.services.trading.cancel(account.id, {orderId, clientOrderId}))
    ctx.body = {order_id: order.id, client_order_id: order.client_order_id, status: order.status, order}
  }
}

/** POST /orders/cancel-all/ {ticker} → {orders_canceled}. */
export function cancelAllOrders(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = callerOf(ctx)
    const count = await deps.services.trading.cancelAll(account.id, bodyOf(ctx)['ticker'])
    ctx.body = {orders_canceled: count}
  }
}

/** GET /orders/?ticker&status&limit&offset → {orders, total}, newest first. */
export function listOrders(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = callerOf(ctx)
    const ticker = tickerFilter(deps, queryParam(ctx, 'ticker'))
    const status = optionalOneOf(queryParam(ctx, 'status'), ORDER_STATUSES, 'status')
    const {limit, offset} = pageOf(ctx, ORDERS_DEFAULT_LIMIT, ORDERS_MAX_LIMIT)
    const {orders, total} = await deps.services.trading.listOrders({accountId: account.id, ticker, status, limit, offset})
    ctx.body = {orders: orders.map(orderView), total}
  }
}

/** GET /orders/{id}/ → the caller's order; 404 when there is none by that id or it is another account's. */
export function getOrder(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = callerOf(ctx)
    const id = requireUuid(pathParam(ctx, 'id'), 'id')
    const order = await deps.services.trading.orderOf(account.id, id)
    if (!order) throw absent('order', id)
    ctx.body = orderView(order)
  }
}

/** GET /orders/by-client-id/{client_order_id}/ → the caller's order with that client order id; 404 when none. */
export function getOrderByClientId(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = callerOf(ctx)
    const clientOrderId = optionalClientOrderId(pathParam(ctx, 'clientOrderId'))
    const order = clientOrderId === undefined ? undefined : await deps.services.trading.orderByClientId(account.id, clientOrderId)
    if (!order) throw notFound(`no order with client_order_id ${clientOrderId ?? ''}`)
    ctx.body = orderView(order)
  }
}

/** A ticker query filter: upper-cased; an unknown ticker is 404 (as on placement). */
export function tickerFilter(deps: HttpDeps, value: string | undefined): string | undefined {
  return value === undefined ? undefined : deps.services.tickers.require(value).symbol
}

function optionalClientOrderId(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string' || value.length > 64) throw invalid('client_order_id must be a string of 1 to 64 characters')
  return value
}
