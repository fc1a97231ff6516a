/**
 * The rate classes of the authenticated REST endpoints (docs/rest.md "Rate limits"), drawn from the listener's one
 * limiter (http/rate-limiter.ts): the standard class per account (the internal rate for internal
 * networks), and the per-account OrdersRateLimit of the order endpoints (tier `orders_per_second`,
 * or the node-wide override).
 */
import type {HttpDeps} from '../public-services.js'
import {limitCaller} from '../http/rate-limit.js'
import {callerOf} from './caller.js'

/** The standard class of an authenticated caller, keyed by account. */
export function standardLimit(deps: HttpDeps) {
  return limitCaller(deps.limiter, (ctx) => callerOf(ctx).account)
}

/** The order endpoints: the standard class, then OrdersRateLimit (the tier's `orders_per_second` unless the node overrides it). */
export function ordersLimit(deps: HttpDeps) {
  return limitCaller(deps.limiter, (ctx) => callerOf(ctx).account, deps.services.tiers)
}

/** The effective orders-per-second of a tier on this node. */
export function ordersPerSecondOf(deps: HttpDeps, tierId: string): number {
  return deps.limiter.ordersRate(deps.services.tiers.limitsOf(tierId).ordersPerSecond)
}
