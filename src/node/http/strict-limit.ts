/**
 * The strict rate class of CONTRACT §3 (`rateLimits.strict`, 1/s), for sign-up and sign-in on both
 * HTTP listeners: one token bucket per client IP and one per e-mail named in the body, burst equal
 * to the rate. Loopback is not exempt: strict is about brute force. A refusal is 429 `rate_limited`
 * with `Retry-After`; answers carry X-RateLimit-Limit/-Remaining.
 */
import type {Context, Next} from 'koa'
import {RetryLater} from '../identity/retry-later.js'
import {normalizeIp} from './net.js'
import type {RateLimiter, Verdict} from './rate-limiter.js'

/** Renders RetryLater (rate limits, the sign-in lock, the resend cool-down) with its Retry-After header. */
export async function retryAfter(ctx: Context, next: Next): Promise<void> {
  try {
    await next()
  } catch (error) {
    if (error instanceof RetryLater) ctx.set('Retry-After', String(error.retryAfterSeconds))
    throw error
  }
}

/** Sets the rate-limit headers from the tightest bucket, and refuses when any bucket is empty. */
export function applyVerdicts(ctx: Context, verdicts: Verdict[]): void {
  const tightest = verdicts.reduce((a, b) => (!b.allowed || b.remaining < a.remaining ? b : a))
  ctx.set('X-RateLimit-Limit', String(tightest.limit))
  ctx.set('X-RateLimit-Remaining', String(tightest.remaining))
  const refused = verdicts.find((verdict) => !verdict.allowed)
  if (refused) throw new RetryLater(`too many requests; retry after ${refused.retryAfterSeconds} s`, refused.retryAfterSeconds)
}

/** The strict class at `rate()` per second: per client IP, and per e-mail when the (read) body names one. */
export function strictLimit(rate: () => number, buckets: RateLimiter) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const verdicts = [buckets.take(`strict:ip:${normalizeIp(ctx.ip)}`, rate())]
    const email = ctx.request.body?.['email']
    if (typeof email === 'string' && email.trim() !== '')
      verdicts.push(buckets.take(`strict:email:${email.trim().toLowerCase()}`, rate()))
    applyVerdicts(ctx, verdicts)
    await next()
  }
}
