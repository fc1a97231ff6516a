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
import {internalNetworks, normalizeIp} from './net.js'
import {sessionOf} from './session.js'

type Bucket = {tokens: number; last: number; rate: number}
type Verdict = {allowed: boolean; limit: number; remaining: number; retryAfterSeconds: number}

const SWEEP_EVERY_MS = 60_000

const refill = (bucket: Bucket, now: number): number =>
  Math.min(bucket.rate, bucket.tokens + ((now - bucket.last) * bucket.rate) / 1000)

/** Token buckets by key: a bucket starts full and refills `rate` tokens per second; a refused take costs nothing. */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>()
  private lastSweep = Date.now()

  take(key: string, rate: number): Verdict {
    const now = Date.now()
    if (now - this.lastSweep >= SWEEP_EVERY_MS) this.sweep(now)
    const bucket = this.buckets.get(key) ?? {tokens: rate, last: now, rate}
    bucket.tokens = Math.min(rate, refill(bucket, now))
    bucket.last = now
    bucket.rate = rate
    this.buckets.set(key, bucket)
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      return {allowed: true, limit: rate, remaining: Math.floor(bucket.tokens), retryAfterSeconds: 0}
    }
    return {allowed: false, limit: rate, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / rate))}
  }

  /** Drops the buckets that are full again (idle clients). */
  private sweep(now: number): void {
    this.lastSweep = now
    for (const [key, bucket] of this.buckets) if (refill(bucket, now) >= bucket.rate) this.buckets.delete(key)
  }
}

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
export function strictLimit(deps: HttpDeps, buckets: TokenBuckets) {
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
export function standardLimit(deps: HttpDeps, buckets: TokenBuckets) {
  const isInternal = internalNetworks(deps.config.rateLimits.internalCidrs)
  return async (ctx: Context, next: Next): Promise<void> => {
    const {account} = sessionOf(ctx)
    const internal = isInternal(ctx.ip)
    const rate = internal ? deps.config.rateLimits.internal : deps.config.rateLimits.standard
    apply(ctx, [buckets.take(`${internal ? 'internal' : 'standard'}:${account.id}`, rate)])
    await next()
  }
}
