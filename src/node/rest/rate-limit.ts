/**
 * The rate classes of the authenticated REST endpoints (docs/rest.md "Rate limits"), drawn from the listener's one
 * limiter (http/rate-limiter.ts): the standard class per account (the internal rate for internal
 * networks), and the per-account OrdersRateLimit of the order endpoints (tier `orders_per_second`,
 * or the node-wide override).
 */
import type {Context, Next} from 'koa'
import type {HttpDeps} from '../services.js'
import {enforce, limitByAccount} from '../http/rate-limit.js'
import {callerOf} from './caller.js'

/** The standard (or internal) class of an authenticated caller, keyed by account. */
export function standardLimit(deps: HttpDeps) {
  return limitByAccount(deps.limiter, (ctx) => callerOf(ctx).account.id)
}

/** OrdersRateLimit: per account, the tier's `orders_per_second` unless the node overrides it. */
export function ordersLimit(deps: HttpDeps) {
  return (ctx: Context, next: Next): Promise<void> => {
    const {account} = callerOf(ctx)
    enforce(ctx, deps.limiter.orders(account.id, deps.services.tiers.limitsOf(account.tierId).ordersPerSecond))
    return next()
  }
}

/** The effective orders-per-second of a tier on this node. */
export function ordersPerSecondOf(deps: HttpDeps, tierId: string): number {
  return deps.limiter.ordersRate(deps.services.tiers.limitsOf(tierId).ordersPerSecond)
}
