/**
 * Request rate limits (contract §3): token buckets whose burst equals their rate, refilled
 * continuously. Classes: standard (per account; per IP when anonymous), internal (loopback and
 * configured CIDRs get the higher internal rate instead of the standard one) and the per-account
 * OrdersRateLimit of the order endpoints (tier `orders_per_second`, or the node-wide override).
 *
 * Responses carry `X-RateLimit-Limit` and `X-RateLimit-Remaining` of the tightest bucket the request
 * went through; a refusal is 429 `rate_limited` with `Retry-After` in whole seconds (at least 1).
 */
import type {Context, Next} from 'koa'
import type {HttpDeps} from '../http/deps.js'
import type {IpSet} from '../http/net.js'
import {RateLimiter, enforce, rateClassOf} from '../http/rate-limiter.js'
import {callerOf} from './caller.js'

export {RateLimiter}

/** The standard (or internal) class for an authenticated caller, keyed by account. */
export function standardLimit(deps: HttpDeps, limiter: RateLimiter, internal: IpSet) {
  return (ctx: Context, next: Next): Promise<void> => {
    const {account} = callerOf(ctx)
    const cls = rateClassOf(ctx.ip, internal, deps.config.rateLimits)
    enforce(ctx, limiter.take(`${cls.name}:${account.id}`, cls.rate))
    return next()
  }
}

/** OrdersRateLimit: per account, the tier's `orders_per_second` unless the node overrides it. */
export function ordersLimit(deps: HttpDeps, limiter: RateLimiter) {
  return (ctx: Context, next: Next): Promise<void> => {
    const {account} = callerOf(ctx)
    enforce(ctx, limiter.take(`orders:${account.id}`, ordersPerSecondOf(deps, account.tierId)))
    return next()
  }
}

/** The effective orders-per-second of a tier on this node. */
export function ordersPerSecondOf(deps: HttpDeps, tierId: string): number {
  return deps.config.rateLimits.ordersPerSecond ?? deps.services.tiers.limitsOf(tierId).ordersPerSecond
}
