/**
 * `POST /api/v3/order/cancelReplace` (docs/binance-compat.md "Replacing an order"): cancels one of the
 * caller's orders and places a new one, what ccxt's `editOrder` asks for. The new order is read by the
 * same `orderRequest` as `POST /api/v3/order` and checked before anything is cancelled; then the
 * cancel and the place are two commands of the trading service, one after the other, not one
 * atomic step (as on Binance). The answer says how each went, in Binance's shapes: 200 when both
 * did, 409 -2021 when one did, 400 -2022 when neither did (or the cancel failed and
 * `cancelReplaceMode` STOP_ON_FAILURE left the new order unattempted).
 */
import type {Context} from 'koa'
import {nameCancel} from './cancel-ids.js'
import {BinanceError, illegal, toBinance, unknownOrder} from './errors.js'
import {NEW_CLIENT_ORDER_ID, orderRequest} from './order-params.js'
import {cancelledView, clientOrderIdOf, statusOf, type BinanceStatus} from './order-views.js'
import {cancelOpen, findOrder, placeOrder} from './orders.js'
import {pairName} from './params.js'
import type {SignedKit} from './signed.js'

const MODES = ['STOP_ON_FAILURE', 'ALLOW_FAILURE']
/** `cancelRestrictions`: the status the order must have for the cancel to go ahead. */
const RESTRICTIONS: Record<string, BinanceStatus> = {ONLY_NEW: 'NEW', ONLY_PARTIALLY_FILLED: 'PARTIALLY_FILLED'}
const CANCEL_NAMES = {orderId: 'cancelOrderId', origClientOrderId: 'cancelOrigClientOrderId'}

/** A refusal as the answer's `cancelResponse` / `newOrderResponse` carries it. */
type Refusal = {code: number; msg: string}
/** How one of the two steps went: its answer, or its refusal. */
type Step = {ok: true; answer: object} | {ok: false; refusal: Refusal}

const BOTH_FAILED: Refusal = {code: -2022, msg: 'Order cancel-replace failed.'}
const ONE_FAILED: Refusal = {code: -2021, msg: 'Order cancel-replace partially failed.'}

export function cancelReplaceRoutes({router, services, params, signed, caller}: SignedKit): void {
  const {trading, tickers} = services
  // The checks, rate classes and weight of `POST /api/v3/order`.
  const trade = signed({permission: 'trade', places: true, orders: true})

  router.post('/order/cancelReplace', trade, async (ctx) => {
    const query = params(ctx)
    const request = orderRequest(query, tickers)
    const mode = query.required('cancelReplaceMode')
    if (!MODES.includes(mode)) throw illegal('cancelReplaceMode', MODES.join(', '))
    const {account} = caller(ctx)
    const order = await findOrder(query, trading, account, request.ticker, CANCEL_NAMES)
    const cancelId = query.optional('cancelNewClientOrderId')
    if (cancelId !== undefined && !NEW_CLIENT_ORDER_ID.test(cancelId)) {
      throw illegal('cancelNewClientOrderId', NEW_CLIENT_ORDER_ID.source)
    }
    const restriction = query.optional('cancelRestrictions')
    if (restriction !== undefined && !Object.hasOwn(RESTRICTIONS, restriction)) {
      throw new BinanceError(-1145, 'cancelRestrictions has to be either ONLY_NEW or ONLY_PARTIALLY_FILLED.')
    }
    query.done()
    // A client order id sent again names its first order (docs/binance-compat.md "Decisions"): the
    // new order cannot take the name of the one it replaces, so that is refused before the cancel.
    if (order && request.input.clientOrderId !== undefined && request.input.clientOrderId === clientOrderIdOf(order)) {
      throw new BinanceError(-2010, 'Duplicate order sent.')
    }

    const cancel = await step(
      ctx,
      async () => {
        if (!order) throw unknownOrder()
        const status = statusOf(order)
        const open = status === 'NEW' || status === 'PARTIALLY_FILLED'
        if (restriction !== undefined && open && status !== RESTRICTIONS[restriction]) {
          throw new BinanceError(-2011, 'Order was not canceled due to cancel restrictions.')
        }
        // Named before the cancel is submitted, so that its CANCELED report carries the name too.
        if (cancelId !== undefined) nameCancel(order.id, cancelId)
        return cancelledView(await cancelOpen(trading, account.id, order), pairName(request.ticker))
      },
      // The cancel's own refusals (-2011) are its answer; anything else (the store failing, say) is the
      // request's error, as it is for DELETE /api/v3/order.
      (thrown) => thrown instanceof BinanceError,
    )
    if (!cancel.ok && mode === 'STOP_ON_FAILURE') return render(ctx, cancel, undefined)
    // Whatever stops the new order now is its answer: the cancel may have happened, and the caller must hear of it.
    const placed = await step(
      ctx,
      () => placeOrder(trading, account.id, request),
      () => true,
    )
    render(ctx, cancel, placed)
  })

  /** Runs one step; a thrown value that `refusal` accepts becomes the step's refusal, any other is rethrown. */
  async function step(ctx: Context, run: () => Promise<object>, refusal: (thrown: unknown) => boolean): Promise<Step> {
    try {
      return {ok: true, answer: await run()}
    } catch (thrown) {
      if (!refusal(thrown)) throw thrown
      const error = toBinance(thrown, (cause) => services.systemErrors.report('http', cause, {path: ctx.path}))
      return {ok: false, refusal: {code: error.code, msg: error.message}}
    }
  }
}

/** Binance's answer from the two steps (`placed` undefined: the new order was not attempted). */
function render(ctx: Context, cancel: Step, placed: Step | undefined): void {
  const data = {
    cancelResult: cancel.ok ? 'SUCCESS' : 'FAILURE',
    newOrderResult: placed === undefined ? 'NOT_ATTEMPTED' : placed.ok ? 'SUCCESS' : 'FAILURE',
    cancelResponse: cancel.ok ? cancel.answer : cancel.refusal,
    newOrderResponse: placed === undefined ? null : placed.ok ? placed.answer : placed.refusal,
  }
  if (cancel.ok && placed?.ok) {
    ctx.body = data
    return
  }
  const neither = !cancel.ok && !placed?.ok
  ctx.status = neither ? 400 : 409
  ctx.body = {...(neither ? BOTH_FAILED : ONE_FAILED), data}
}
