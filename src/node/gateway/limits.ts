/**
 * Rate classes of the gateway (contract §3), as token buckets whose burst equals their rate:
 * - strict (`rateLimits.strict`, 1/s): sign-up and sign-in endpoints, one bucket per client IP and
 *   one per e-mail named in the body. Loopback is not exempt: strict is about brute force.
 * - standard (`rateLimits.standard`, 5/s; `rateLimits.internal` for loopback and internal CIDRs):
 *   the authenticated gateway endpoints, per account.
 * A refusal is 429 `rate_limited` with `Retry-After`; answers carry X-RateLimit-Limit/-Remaining.
 */
import type {Context, Next} from 'koa'
import type {HttpDeps} from '../http/deps.js'
import {internalNetworks} from '../http/net.js'
import type {RateLimiter} from '../http/rate-limiter.js'
import {applyVerdicts, strictLimit as strictLimitOf} from '../http/strict-limit.js'
import {sessionOf} from './session.js'

/** The strict class (http/strict-limit.ts) at the node's `rateLimits.strict`. */
export function strictLimit(deps: HttpDeps, buckets: RateLimiter) {
  return strictLimitOf(() => deps.config.rateLimits.strict, buckets)
}

/** The standard class per account (after the session middleware); internal clients get the internal rate. */
export function standardLimit(deps: HttpDeps, buckets: RateLimiter) {
  const isInternal = internalNetworks(deps.config.rateLimits.internalCidrs)
  return async (ctx: Context, next: Next): Promise<void> => {
    const {account} = sessionOf(ctx)
    const internal = isInternal.has(ctx.ip)
    const rate = internal ? deps.config.rateLimits.internal : deps.config.rateLimits.standard
    applyVerdicts(ctx, [buckets.take(`${internal ? 'internal' : 'standard'}:${account.id}`, rate)])
    await next()
  }
}
