/**
 * Token buckets for the HTTP rate classes (contract §3): a bucket's burst equals its rate and it
 * refills continuously; a refused take costs nothing. `enforce` renders a verdict: the
 * X-RateLimit-Limit / X-RateLimit-Remaining headers of the tightest bucket, and 429 `rate_limited`
 * with Retry-After (whole seconds, at least 1) when refused. Shared by REST, market data and the gateway.
 */
import type {Context} from 'koa'
import {ExchangeError} from '../errors.js'
import type {IpSet} from './net.js'

export type Clock = () => number

/** The outcome of taking one token. */
export type Verdict = {allowed: boolean; limit: number; remaining: number; retryAfterSeconds: number}

type Bucket = {tokens: number; last: number; rate: number}

/** Idle buckets are dropped once full; this is how often the map is swept, in ms. */
const SWEEP_EVERY_MS = 60_000

/** Token buckets by key. A bucket starts full (burst = rate) and refills `rate` tokens per second. */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>()
  private lastSweep: number

  constructor(private readonly clock: Clock = Date.now) {
    this.lastSweep = clock()
  }

  /** Takes one token from the bucket `key` refilled at `rate` per second; a refused take costs nothing. */
  take(key: string, rate: number): Verdict {
    const now = this.clock()
    if (now - this.lastSweep >= SWEEP_EVERY_MS) this.sweep(now)
    let bucket = this.buckets.get(key)
    if (!bucket) {
      bucket = {tokens: burstOf(rate), last: now, rate}
      this.buckets.set(key, bucket)
    } else {
      refill(bucket, now)
      if (bucket.rate !== rate) {
        // The rate changed (tier or configuration): keep what is left, within the new burst.
        bucket.rate = rate
        bucket.tokens = Math.min(bucket.tokens, burstOf(rate))
      }
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      return {allowed: true, limit: rate, remaining: Math.floor(bucket.tokens), retryAfterSeconds: 0}
    }
    const waitSeconds = (1 - bucket.tokens) / rate
    return {allowed: false, limit: rate, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil(waitSeconds))}
  }

  /** How many buckets are held (tests). */
  get size(): number {
    return this.buckets.size
  }

  private sweep(now: number): void {
    this.lastSweep = now
    for (const [key, bucket] of this.buckets) {
      refill(bucket, now)
      if (bucket.tokens >= burstOf(bucket.rate)) this.buckets.delete(key)
    }
  }
}

/** The burst equals the rate (contract §3), and is at least one request. */
const burstOf = (rate: number): number => Math.max(1, rate)

function refill(bucket: Bucket, now: number): void {
  const elapsed = Math.max(0, now - bucket.last)
  bucket.tokens = Math.min(burstOf(bucket.rate), bucket.tokens + (elapsed * bucket.rate) / 1000)
  bucket.last = now
}

/** The rate class of a client address: internal networks get the internal rate. */
export function rateClassOf(ip: string, internal: IpSet, rates: {standard: number; internal: number}) {
  return internal.has(ip) ? {name: 'internal' as const, rate: rates.internal} : {name: 'standard' as const, rate: rates.standard}
}

/**
 * The X-RateLimit-Remaining each request's response carries so far, as set by `enforce`: kept here
 * rather than read back through ctx.response.headers, which copies every header of the response.
 */
const remainingOf = new WeakMap<Context, number>()

/** Applies a verdict to the response: headers, and 429 when refused. */
export function enforce(ctx: Context, verdict: Verdict): void {
  const previous = remainingOf.get(ctx) ?? Infinity
  if (!verdict.allowed || verdict.remaining < previous) {
    // On Node's response directly (nothing is sent before the handler): Koa's ctx.set allocates
    // several arrays per call, garbage on every request.
    ctx.res.setHeader('X-RateLimit-Limit', String(verdict.limit))
    ctx.res.setHeader('X-RateLimit-Remaining', String(verdict.remaining))
    remainingOf.set(ctx, verdict.remaining)
  }
  if (!verdict.allowed) {
    ctx.set('Retry-After', String(verdict.retryAfterSeconds))
    throw new ExchangeError('rate_limited', `too many requests; retry after ${verdict.retryAfterSeconds} s`)
  }
}
