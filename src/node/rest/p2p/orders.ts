/** P2P orders: create, list, read, and the actions of the parties (POST /p2p/orders/{id}/<action>/). */
import type Router from '@koa/router'
import type {Context} from 'koa'
import type {Account} from '../../accounts/accounts.js'
import {bodyOf, pageOf, queryParam, uuidParam} from '../../http/query.js'
import type {Order} from '../../p2p/order-store.js'
import type {HttpDeps} from '../../public-services.js'
import {feedbackView, orderView} from '../../views/p2p.js'
import {callerOf} from '../caller.js'
import type {Guards} from './guards.js'

type Action = (account: Account, id: string, body: Record<string, unknown>) => Order | Promise<Order>

export function orderRoutes(router: Router, deps: HttpDeps, {read, write}: Guards): void {
  const p2p = deps.services.p2p
  const {orders} = p2p
  /** An order as the caller sees it (their side; the seller's payment details for the buyer after ACCEPTED). */
  const view = async (ctx: Context, order: Order) => orderView(await p2p.orderDetails(order, callerOf(ctx).account.id))

  router.post('/p2p/orders/', ...write, async (ctx: Context) => {
    const body = bodyOf(ctx)
    const input = {advertisementId: body['advertisement_id'], amount: body['amount'], fiatAmount: body['fiat_amount']}
    ctx.body = await view(ctx, await orders.create(callerOf(ctx).account, input))
  })
  router.get('/p2p/orders/', ...read, async (ctx: Context) => {
    const status = await p2p.requireStatusFilter(queryParam(ctx, 'status'))
    const mine = await p2p.store.list({partyId: callerOf(ctx).account.id, status, ...pageOf(ctx, 100, 200)})
    ctx.body = {orders: await Promise.all(mine.map((order) => view(ctx, order)))}
  })
  router.get('/p2p/orders/:id/', ...read, async (ctx: Context) => {
    ctx.body = await view(ctx, await orders.requireParty(uuidParam(ctx, 'id'), callerOf(ctx).account.id))
  })

  const actions: Record<string, Action> = {
    accept: (account, id) => orders.accept(account, id),
    reject: (account, id) => orders.reject(account, id),
    cancel: (account, id) => orders.cancel(account, id),
    pay: (account, id, body) => orders.pay(account, id, body['payment_method']),
    confirm: (account, id) => orders.confirm(account, id),
    dispute: (account, id, body) => orders.dispute(account, id, body['reason']),
  }
  for (const [name, action] of Object.entries(actions)) {
    router.post(`/p2p/orders/:id/${name}/`, ...write, async (ctx: Context) => {
      ctx.body = await view(ctx, await action(callerOf(ctx).account, uuidParam(ctx, 'id'), bodyOf(ctx)))
    })
  }
  router.post('/p2p/orders/:id/feedback/', ...write, async (ctx: Context) => {
    const body = bodyOf(ctx)
    const input = {rating: body['rating'], comment: body['comment']}
    ctx.body = feedbackView(await p2p.leaveFeedback(uuidParam(ctx, 'id'), callerOf(ctx).account.id, input))
  })
}
