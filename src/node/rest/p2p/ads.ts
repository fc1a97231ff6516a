/** Advertisements, the payment-method registry, the caller's payment details and user profiles. */
import type Router from '@koa/router'
import type {Context} from 'koa'
import {notFound} from '../../errors.js'
import type {HttpDeps} from '../../services.js'
import {callerOf} from '../caller.js'
import {optionalOneOf} from '../../validate.js'
import {refuseInactive} from '../../p2p/eligibility.js'
import {body, param, query} from './params.js'
import type {Guards} from './params.js'

export function adRoutes(router: Router, deps: HttpDeps, {read, write}: Guards): void {
  const p2p = deps.services.p2p
  router.get('/p2p/payment-methods/', ...read, (ctx: Context) => {
    ctx.body = {payment_methods: p2p.registry.methods()}
  })
  router.get('/p2p/reference-rates/', ...read, (ctx: Context) => {
    ctx.body = {
      rates: p2p.registry
        .rates()
        .map((rate) => ({asset: rate.asset, fiat: rate.fiat, rate: rate.rate, updated_at: rate.updatedAt})),
    }
  })
  router.get('/p2p/me/payment-methods/', ...read, (ctx: Context) => {
    ctx.body = {payment_methods: p2p.registry.details(callerOf(ctx).account.id)}
  })
  router.post('/p2p/me/payment-methods/', ...write, (ctx: Context) => {
    const b = body(ctx)
    ctx.body = p2p.registry.setDetails(callerOf(ctx).account.id, b['payment_method'], b['details'])
  })
  router.delete('/p2p/me/payment-methods/:method/', ...write, (ctx: Context) => {
    p2p.registry.removeDetails(callerOf(ctx).account.id, String((ctx as Context & {params: {method: string}}).params.method))
    ctx.body = {deleted: true}
  })

  router.post('/p2p/advertisements/', ...write, (ctx: Context) => {
    const {account} = callerOf(ctx)
    refuseInactive(account)
    ctx.body = p2p.adView(p2p.ads.create(account.id, body(ctx)))
  })
  router.get('/p2p/advertisements/', ...read, (ctx: Context) => {
    const type = optionalOneOf(query(ctx, 'type'), ['BUY', 'SELL'] as const, 'type')
    ctx.body = {
      advertisements: p2p.listAds({
        type,
        asset: query(ctx, 'asset'),
        fiat: query(ctx, 'fiat'),
        paymentMethod: query(ctx, 'payment_method'),
        amount: query(ctx, 'amount'),
      }),
    }
  })
  router.get('/p2p/advertisements/:id/', ...read, (ctx: Context) => {
    ctx.body = p2p.adView(p2p.ads.require(param(ctx, 'id')))
  })
  router.patch('/p2p/advertisements/:id/', ...write, (ctx: Context) => {
    const {account} = callerOf(ctx)
    if (body(ctx)['status'] === 'active') refuseInactive(account)
    ctx.body = p2p.adView(p2p.ads.update(param(ctx, 'id'), account.id, body(ctx)))
  })
  router.delete('/p2p/advertisements/:id/', ...write, (ctx: Context) => {
    ctx.body = p2p.adView(p2p.ads.delete(param(ctx, 'id'), callerOf(ctx).account.id))
  })

  router.get('/p2p/users/:id/', ...read, (ctx: Context) => {
    const id = param(ctx, 'id')
    if (!deps.services.accounts.byId(id)) throw notFound(`user ${id} not found`)
    ctx.body = p2p.reputation.profile(id, p2p.now())
  })
}
