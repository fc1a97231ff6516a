/**
 * The rate classes on Koa (docs/rest.md "Rate limits"), over the listener's one `RateLimiter`: responses carry
 * `X-RateLimit-Limit` and `X-RateLimit-Remaining` of the tightest bucket the request went through; a
 * refusal throws `RetryLater`, which every HTTP error renderer answers with 429 and `Retry-After`
 * (whole seconds, at least 1).
 *
 * Like the other middlewares that only check before the handler, these are not async functions:
 * they return `next()` themselves (koa-compose turns a throw into a rejection).
 */
import type {Context, Next} from 'koa'
import {RetryLater} from '../ground/errors.js'
import type {CallerAccount, RateLimiter, TierRates, Verdict} from './rate-limiter.js'

/**
 * The X-RateLimit-Remaining each request's response carries so far, as set by `enforce`: kept here
 * rather than read back through ctx.response.headers, which copies every header of the response.
 */
const remainingOf = new WeakMap<Context, number>()

/** Applies verdicts to the response: the headers of the tightest bucket so far, and 429 when one refused. */
export function enforce(ctx: Context, ...verdicts: Verdict[]): void {
  for (const verdict of verdicts) {
    const previous = remainingOf.get(ctx) ?? Infinity
    if (!verdict.allowed || verdict.remaining < previous) {
      // On Node's response directly (nothing is sent before the handler): Koa's ctx.set allocates
      // several arrays per call, garbage on every request.
      ctx.res.setHeader('X-RateLimit-Limit', String(verdict.limit))
      ctx.res.setHeader('X-RateLimit-Remaining', String(verdict.remaining))
      remainingOf.set(ctx, verdict.remaining)
    }
    if (!verdict.allowed) {
      throw new RetryLater(`too many requests; retry after ${verdict.retryAfterSeconds} s`, verdict.retryAfterSeconds)
    }
  }
}

/** The standard class per client IP, for requests that name no account (market data, the OpenAPI document). */
export function limitByIp(limiter: RateLimiter) {
  return (ctx: Context, next: Next): Promise<void> => {
    enforce(ctx, limiter.standard(ctx.ip))
    return next()
  }
}

/**
 * The classes of an authenticated caller (`RateLimiter.caller`), after the transport's caller check
 * (`accountOf` reads whom it admitted); with `tiers`, for the endpoints that place or cancel orders.
 */
export function limitCaller(limiter: RateLimiter, accountOf: (ctx: Context) => CallerAccount, tiers?: TierRates) {
  return (ctx: Context, next: Next): Promise<void> => {
    enforce(ctx, ...limiter.caller(ctx.ip, accountOf(ctx), tiers))
    return next()
  }
}

/** The strict class: per client IP, and per e-mail when the (read) body names one. */
export function strictLimit(limiter: RateLimiter) {
  return (ctx: Context, next: Next): Promise<void> => {
    const email = ctx.request.body?.['email']
    enforce(ctx, ...limiter.strict(ctx.ip, typeof email === 'string' ? email : undefined))
    return next()
  }
}
