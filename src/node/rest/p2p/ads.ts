/** Advertisements, the payment-method registry, the caller's payment details and user profiles. */
import type Router from '@koa/router'
import type {Context} from 'koa'
import {invalid, notFound} from '../../ground/errors.js'
import {bodyOf, pathParam, queryParam, uuidParam} from '../../http/query.js'
import type {CreateAdInput, UpdateAdInput} from '../../p2p/ads.js'
import {refuseInactive} from '../../p2p/eligibility.js'
import type {HttpDeps} from '../../public-services.js'
import {optionalOneOf} from '../../ground/validate.js'
import {adView, paymentDetailsView, paymentMethodView, profileView, referenceRateView} from '../../views/p2p.js'
import {callerOf} from '../caller.js'
import type {Guards} from './guards.js'

/** POST /p2p/advertisements/ as the module takes it. */
const adInputOf = (body: Record<string, unknown>): CreateAdInput => ({
  type: body['type'],
  asset: body['asset'],
  fiat: body['fiat'],
  priceType: body['price_type'],
  price: body['price'],
  premiumPct: body['premium_pct'],
  minAmount: body['min_amount'],
  maxAmount: body['max_amount'],
  totalAmount: body['total_amount'],
  paymentMethods: body['payment_methods'],
  paymentWindowMinutes: body['payment_window_minutes'],
  terms: body['terms'],
})

/** The fields a PATCH may carry, by their wire names. */
const PATCH_FIELDS = {
  price: 'price',
  premium_pct: 'premiumPct',
  min_amount: 'minAmount',
  max_amount: 'maxAmount',
  payment_methods: 'paymentMethods',
  status: 'status',
  terms: 'terms',
} as const satisfies Record<string, keyof UpdateAdInput>

/** PATCH /p2p/advertisements/{id}/ as the module takes it; any other field is refused. */
function adPatchOf(body: Record<string, unknown>): UpdateAdInput {
  const patch: UpdateAdInput = {}
  for (const [key, value] of Object.entries(body)) {
    if (!Object.hasOwn(PATCH_FIELDS, key)) throw invalid(`${key} cannot be changed`)
    patch[PATCH_FIELDS[key as keyof typeof PATCH_FIELDS]] = value
  }
  return patch
}

export function adRoutes(router: Router, deps: HttpDeps, {read, write}: Guards): void {
  const p2p = deps.services.p2p
  router.get('/p2p/payment-methods/', ...read, async (ctx: Context) => {
    ctx.body = {payment_methods: (await p2p.registry.methods()).map(paymentMethodView)}
  })
  router.get('/p2p/reference-rates/', ...read, async (ctx: Context) => {
    ctx.body = {rates: (await p2p.registry.rates()).map(referenceRateView)}
  })
  router.get('/p2p/me/payment-methods/', ...read, async (ctx: Context) => {
    ctx.body = {payment_methods: (await p2p.registry.details(callerOf(ctx).account.id)).map(paymentDetailsView)}
  })
  router.post('/p2p/me/payment-methods/', ...write, async (ctx: Context) => {
    const body = bodyOf(ctx)
    const input = {paymentMethod: body['payment_method'], details: body['details']}
    ctx.body = paymentDetailsView(await p2p.registry.setDetails(callerOf(ctx).account.id, input))
  })
  router.delete('/p2p/me/payment-methods/:method/', ...write, async (ctx: Context) => {
    await p2p.registry.removeDetails(callerOf(ctx).account.id, String(pathParam(ctx, 'method')))
    ctx.body = {deleted: true}
  })

  router.post('/p2p/advertisements/', ...write, async (ctx: Context) => {
    ctx.body = adView(await p2p.listing(await p2p.createAd(callerOf(ctx).account, adInputOf(bodyOf(ctx)))))
  })
  router.get('/p2p/advertisements/', ...read, async (ctx: Context) => {
    const type = optionalOneOf(queryParam(ctx, 'type'), ['BUY', 'SELL'] as const, 'type')
    const listings = await p2p.listAds({
      type,
      asset: queryParam(ctx, 'asset'),
      fiat: queryParam(ctx, 'fiat'),
      paymentMethod: queryParam(ctx, 'payment_method'),
      amount: queryParam(ctx, 'amount'),
    })
    ctx.body = {advertisements: listings.map(adView)}
  })
  router.get('/p2p/me/advertisements/', ...read, async (ctx: Context) => {
    ctx.body = {advertisements: (await p2p.myAds(callerOf(ctx).account.id)).map(adView)}
  })
  router.get('/p2p/advertisements/:id/', ...read, async (ctx: Context) => {
    ctx.body = adView(await p2p.listing(await p2p.ads.require(uuidParam(ctx, 'id'))))
  })
  router.patch('/p2p/advertisements/:id/', ...write, async (ctx: Context) => {
    const {account} = callerOf(ctx)
    const body = bodyOf(ctx)
    if (body['status'] === 'active') refuseInactive(account)
    // Another's ad is 404 whatever the body says (docs/rest.md "Ids you may not reach"), before the body's fields are read.
    const ad = await p2p.ads.requireOwn(uuidParam(ctx, 'id'), account.id)
    ctx.body = adView(await p2p.listing(await p2p.ads.update(ad.id, account.id, adPatchOf(body))))
  })
  router.delete('/p2p/advertisements/:id/', ...write, async (ctx: Context) => {
    ctx.body = adView(await p2p.listing(await p2p.ads.delete(uuidParam(ctx, 'id'), callerOf(ctx).account.id)))
  })

  router.get('/p2p/users/:id/', ...read, async (ctx: Context) => {
    const id = uuidParam(ctx, 'id')
    if (!(await deps.services.accounts.byId(id))) throw notFound(`user ${id} not found`)
    ctx.body = profileView(await p2p.reputation.profile(id, await p2p.now()))
  })
}
