/**
 * One order on the Binance form (docs/binance-compat.md "Signed REST (/api/v3/...)"): `POST /api/v3/order` and `order/test`, `GET` and
 * `DELETE /api/v3/order` (by `orderId` = the order's seq, or `origClientOrderId`). Each reads its
 * parameters, asks the trading service and renders Binance's shape (order-views.ts). A LIMIT_MAKER
 * that would take is refused as Binance refuses it (-2010 "Order would immediately match and take.");
 * the node keeps its record as an EXPIRED order.
 */
import type {Account} from '../accounts/accounts.js'
import {ExchangeError} from '../ground/errors.js'
import type {Ticker} from '../tickers/tickers.js'
import type {Order} from '../trading/model.js'
import {nameCancel} from './cancel-ids.js'
import {BinanceError, illegal, noSuchOrder, unknownOrder} from './errors.js'
import {NEW_CLIENT_ORDER_ID, orderRequest, type OrderRequest} from './order-params.js'
import {cancelledView, clientOrderIdOf, orderView, placedView} from './order-views.js'
import {pairName, symbolParam, type Params} from './params.js'
import type {SignedKit} from './signed.js'
import type {PublicServices} from '../public-services.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** Order ids are int64 seqs; JSON integers beyond 2^53 are not safe, and no seq gets there. */
const MAX_ORDER_ID = Number.MAX_SAFE_INTEGER

export function orderRoutes({router, services, params, signed, caller}: SignedKit): void {
  const {trading, tickers} = services
  const trade = signed({permission: 'trade', places: true, orders: true})
  const cancel = signed({permission: 'trade', orders: true})
  const read = signed({permission: 'read'})

  router.post('/order', trade, async (ctx) => {
    const query = params(ctx)
    const request = orderRequest(query, tickers)
    query.done()
    ctx.body = await placeOrder(trading, caller(ctx).account.id, request)
  })

  router.post('/order/test', trade, async (ctx) => {
    const query = params(ctx)
    const {input} = orderRequest(query, tickers)
    const rates = query.optional('computeCommissionRates')
    if (rates !== undefined && rates !== 'true' && rates !== 'false') illegalBoolean('computeCommissionRates')
    query.done()
    await trading.validate(input)
    if (rates !== 'true') {
      ctx.body = {}
      return
    }
    const fees = services.tiers.limitsOf(caller(ctx).account.tierId)
    ctx.body = {
      standardCommissionForOrder: {maker: fees.makerFee, taker: fees.takerFee},
      taxCommissionForOrder: {maker: '0', taker: '0'},
      discount: {enabledForAccount: false, enabledForSymbol: false, discountAsset: 'BNB', discount: '0'},
    }
  })

  router.get('/order', read, async (ctx) => {
    const query = params(ctx)
    const ticker = symbolParam(query, tickers)
    const order = await findOrder(query, trading, caller(ctx).account, ticker)
    query.done()
    if (!order) throw noSuchOrder()
    ctx.body = orderView(order, pairName(ticker))
  })

  router.delete('/order', cancel, async (ctx) => {
    const query = params(ctx)
    const ticker = symbolParam(query, tickers)
    const {account} = caller(ctx)
    const order = await findOrder(query, trading, account, ticker)
    const cancelId = query.optional('newClientOrderId')
    if (cancelId !== undefined && !NEW_CLIENT_ORDER_ID.test(cancelId))
      throw illegal('newClientOrderId', NEW_CLIENT_ORDER_ID.source)
    query.done()
    if (!order) throw unknownOrder()
    // Named before the cancel is submitted, so that its CANCELED report carries the name too.
    if (cancelId !== undefined) nameCancel(order.id, cancelId)
    ctx.body = cancelledView(await cancelOpen(trading, account.id, order), pairName(ticker))
  })
}

function illegalBoolean(name: string): never {
  throw illegal(name, 'true, false')
}

/** Places an order read by `orderRequest` and renders the answer in its response type (as `POST /api/v3/order`). */
export async function placeOrder(trading: PublicServices['trading'], accountId: string, request: OrderRequest) {
  const result = await trading.place(accountId, request.input)
  if (result.order.endReason === 'post_only_would_cross') {
    throw new BinanceError(-2010, 'Order would immediately match and take.')
  }
  return placedView(result, pairName(request.ticker), request.responseType)
}

/** The names of the two parameters that name an order: `orderId` and `origClientOrderId`, or a route's own. */
export type OrderIdNames = {orderId: string; origClientOrderId: string}

/**
 * The caller's order on `ticker` named by `orderId` or `origClientOrderId` (both: they must name the
 * same order); undefined when there is none. An order placed without a client order id is named by
 * its own id, the one it shows as `clientOrderId`.
 */
export async function findOrder(
  params: Params,
  trading: PublicServices['trading'],
  account: Account,
  ticker: Ticker,
  names: OrderIdNames = {orderId: 'orderId', origClientOrderId: 'origClientOrderId'},
): Promise<Order | undefined> {
  const orderId = params.integer(names.orderId, 0, MAX_ORDER_ID)
  const origClientOrderId = params.optional(names.origClientOrderId)
  if (orderId === undefined && origClientOrderId === undefined) {
    throw new BinanceError(
      -1102,
      `Param '${names.origClientOrderId}' or '${names.orderId}' must be sent, but both were empty/null!`,
    )
  }
  let order: Order | undefined
  if (orderId !== undefined) order = await trading.orderBySeq(account.id, orderId)
  else if (origClientOrderId !== undefined) {
    order = await trading.orderByClientId(account.id, origClientOrderId)
    if (!order && UUID.test(origClientOrderId)) {
      const own = await trading.orderOf(account.id, origClientOrderId)
      order = own && own.clientOrderId === null ? own : undefined
    }
  }
  if (order && origClientOrderId !== undefined && clientOrderIdOf(order) !== origClientOrderId) return undefined
  return order && order.ticker === ticker.symbol ? order : undefined
}

/** Cancels an order the caller named: -2011 when it is no longer open. */
export async function cancelOpen(trading: PublicServices['trading'], accountId: string, order: Order): Promise<Order> {
  try {
    return await trading.cancel(accountId, {orderId: order.id})
  } catch (error) {
    if (error instanceof ExchangeError && (error.code === 'failed_precondition' || error.code === 'not_found'))
      throw unknownOrder()
    throw error
  }
}
