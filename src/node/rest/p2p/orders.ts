/** P2P orders: create, list, read, and the actions of the parties (POST /p2p/orders/{id}/<action>/). */
import type Router from '@koa/router'
import type {Context} from 'koa'
import type {Account} from '../../accounts/accounts.js'
import type {HttpDeps} from '../../services.js'
import {callerOf} from '../caller.js'
import type {Order} from '../../p2p/order-store.js'
import {body, page, param, query} from './params.js'
import type {Guards} from './params.js'

type Action = (account: Account, id: string, b: Record<string, unknown>) => Order

export function orderRoutes(router: Router, deps: HttpDeps, {read, write}: Guards): void {
  const p2p = deps.services.p2p
  const {orders} = p2p
  const view = (ctx: Context, order: Order) => {
    const me = callerOf(ctx).account.id
    return p2p.orderView(order, me)
  }

  router.post('/p2p/orders/', ...write, (ctx: Context) => {
    ctx.body = view(ctx, orders.create(callerOf(ctx).account, body(ctx)))
  })
  router.get('/p2p/orders/', ...read, (ctx: Context) => {
    const me = callerOf(ctx).account.id
    const status = p2p.requireStatusFilter(query(ctx, 'status'))
    ctx.body = {orders: p2p.store.list({partyId: me, status, ...page(ctx)}).map((order) => p2p.orderView(order, me))}
  })
  router.get('/p2p/orders/:id/', ...read, (ctx: Context) => {
    ctx.body = view(ctx, orders.requireParty(param(ctx, 'id'), callerOf(ctx).account.id))
  })

  const actions: Record<string, Action> = {
    accept: (account, id) => orders.accept(account, id),
    reject: (account, id) => orders.reject(account, id),
    cancel: (account, id) => orders.cancel(account, id),
    pay: (account, id, b) => orders.pay(account, id, b['payment_method']),
    confirm: (account, id) => orders.confirm(account, id),
    dispute: (account, id, b) => orders.dispute(account, id, b['reason']),
  }
  for (const [name, action] of Object.entries(actions)) {
    router.post(`/p2p/orders/:id/${name}/`, ...write, (ctx: Context) => {
      ctx.body = view(ctx, action(callerOf(ctx).account, param(ctx, 'id'), body(ctx)))
    })
  }
  router.post('/p2p/orders/:id/feedback/', ...write, (ctx: Context) => {
    const b = body(ctx)
    const feedback = p2p.leaveFeedback(param(ctx, 'id'), callerOf(ctx).account.id, b['rating'], b['comment'])
    ctx.body = {
      order_id: feedback.orderId,
      from_id: feedback.fromId,
      to_id: feedback.toId,
      rating: feedback.rating,
      comment: feedback.comment,
      created_at: feedback.createdAt,
    }
  })
}
