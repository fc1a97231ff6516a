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
import {RetryLater} from '../identity/retry-later.js'
import {internalNetworks, normalizeIp} from '../http/net.js'
import {RateLimiter, type Verdict} from '../http/rate-limiter.js'
import {sessionOf} from './session.js'

/** Renders RetryLater (rate limits, the sign-in lock, the resend cool-down) with its Retry-After header. */
export async function retryAfter(ctx: Context, next: Next): Promise<void> {
  try {
    await next()
  } catch (error) {
    if (error instanceof RetryLater) ctx.set('Retry-After', String(error.retryAfterSeconds))
    throw error
  }
}

function apply(ctx: Context, verdicts: Verdict[]): void {
  const tightest = verdicts.reduce((a, b) => (!b.allowed || b.remaining < a.remaining ? b : a))
  ctx.set('X-RateLimit-Limit', String(tightest.limit))
  ctx.set('X-RateLimit-Remaining', String(tightest.remaining))
  const refused = verdicts.find((verdict) => !verdict.allowed)
  if (refused) throw new RetryLater(`too many requests; retry after ${refused.retryAfterSeconds} s`, refused.retryAfterSeconds)
}

/** The strict class: per client IP, and per e-mail when the body names one. */
export function strictLimit(deps: HttpDeps, buckets: RateLimiter) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const rate = deps.config.rateLimits.strict
    const verdicts = [buckets.take(`strict:ip:${normalizeIp(ctx.ip)}`, rate)]
    const email = ctx.request.body?.['email']
    if (typeof email === 'string' && email.trim() !== '')
      verdicts.push(buckets.take(`strict:email:${email.trim().toLowerCase()}`, rate))
    apply(ctx, verdicts)
    await next()
  }
}

/** The standard class per account (after the session middleware); internal clients get the internal rate. */
export function standardLimit(deps: HttpDeps, buckets: RateLimiter) {
  const isInternal = internalNetworks(deps.config.rateLimits.internalCidrs)
  return async (ctx: Context, next: Next): Promise<void> => {
    const {account} = sessionOf(ctx)
    const internal = isInternal.has(ctx.ip)
    const rate = internal ? deps.config.rateLimits.internal : deps.config.rateLimits.standard
    apply(ctx, [buckets.take(`${internal ? 'internal' : 'standard'}:${account.id}`, rate)])
    await next()
  }
}
