/**
 * The rate class of the unauthenticated group (the public market data and the OpenAPI document):
 * one token bucket per client IP at `rateLimits.standard` per second, or `rateLimits.internal` for
 * loopback and the configured internal CIDRs. The buckets, the headers (`X-RateLimit-Limit`,
 * `X-RateLimit-Remaining`) and the 429 `rate_limited` with `Retry-After` are the REST module's
 * (rest/rate-limit.ts); this only keys them by IP instead of by account.
 */
import type {Context, Next} from 'koa'
import type {RateLimits} from '../config.js'
import {internalNetworks, normalizeIp} from '../http/net.js'
import {RateLimiter, enforce, rateClassOf} from '../http/rate-limiter.js'

export function rateLimitByIp(limits: RateLimits, limiter = new RateLimiter()) {
  const internal = internalNetworks(limits.internalCidrs)
  return async (ctx: Context, next: Next): Promise<void> => {
    const ip = normalizeIp(ctx.ip)
    const cls = rateClassOf(ip, internal, limits)
    enforce(ctx, limiter.take(`${cls.name}:ip:${ip}`, cls.rate))
    await next()
  }
}
