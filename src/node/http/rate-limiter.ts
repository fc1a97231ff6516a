/**
 * The one rate limiter of a listener (docs/rest.md "Rate limits"): token buckets whose burst equals their rate,
 * refilled continuously, kept per named class and subject. `listeners/` creates one per listener and
 * every route of that listener draws from it, so a class is counted once per account or IP whatever
 * the route (/orders, /p2p, the gateway and market data alike).
 *
 * The classes:
 * - `standard`, per account when the caller is known, per IP when anonymous; clients in the internal
 *   networks (loopback and `internalCidrs`) are counted in `internal` instead, at the higher rate;
 * - `strict`, sign-up and sign-in: per client IP and per e-mail named (loopback is not exempt);
 * - `orders`, OrdersRateLimit: per account at the tier's `orders_per_second`;
 * - `sign_in_failures`, failed admin sign-ins per IP and e-mail at the strict rate: only a failure
 *   takes a token, and an attempt while a bucket is empty is refused before any password is checked.
 *
 * A refused take costs nothing. The Koa side (headers, 429) is in `rate-limit.ts`.
 */
import type {RateLimits} from '../ground/config.js'
import {internalNetworks, normalizeIp, type IpSet} from '../ground/net.js'

export type Clock = () => number

export type RateClass = 'standard' | 'internal' | 'strict' | 'orders' | 'sign_in_failures'

/** Who an authenticated request's caller is, as the limits need it. */
export type CallerAccount = {id: string; tierId: string}

/** The tiers' order rates (the tiers module's `limitsOf`). */
export type TierRates = {limitsOf(tierId: string): {ordersPerSecond: number}}

/** The outcome of taking one token. */
export type Verdict = {allowed: boolean; limit: number; remaining: number; retryAfterSeconds: number}

type Bucket = {tokens: number; last: number; rate: number}

/** Idle buckets are dropped once full; this is how often the map is swept, in ms. */
const SWEEP_EVERY_MS = 60_000

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>()
  private readonly internal: IpSet
  private lastSweep: number

  /** Throws at start on a malformed `internalCidrs` entry. */
  constructor(
    readonly limits: RateLimits,
    private readonly clock: Clock = Date.now,
  ) {
    this.internal = internalNetworks(limits.internalCidrs)
    this.lastSweep = clock()
  }

  /** The standard class of a request from `ip`: per account when `accountId` is known, per IP otherwise. */
  standard(ip: string, accountId?: string): Verdict {
    const subject = accountId === undefined ? `ip:${normalizeIp(ip)}` : `account:${accountId}`
    return this.internal.has(ip)
      ? this.take('internal', subject, this.limits.internal)
      : this.take('standard', subject, this.limits.standard)
  }

  /** The strict class: one token of the client IP's bucket and, when the request names one, of the e-mail's. */
  strict(ip: string, email?: string): Verdict[] {
    const verdicts = [this.take('strict', `ip:${normalizeIp(ip)}`, this.limits.strict)]
    const normalized = email?.trim().toLowerCase() ?? ''
    if (normalized !== '') verdicts.push(this.take('strict', `email:${normalized}`, this.limits.strict))
    return verdicts
  }

  /**
   * The classes an authenticated caller's request takes, in order: the standard class of its account;
   * then, for a request that places or cancels orders (`tiers` given), the account's OrdersRateLimit at
   * its tier's `orders_per_second`. A refusal of the first takes no token of the second. Every
   * transport that admits a caller (REST v1, the user gateway, the Binance form's REST, listen keys and
   * WebSocket API) takes its limits here.
   */
  caller(ip: string, account: CallerAccount, tiers?: TierRates): Verdict[] {
    const standard = this.standard(ip, account.id)
    if (!standard.allowed || !tiers) return [standard]
    return [standard, this.orders(account.id, tiers.limitsOf(account.tierId).ordersPerSecond)]
  }

  /**
   * OrdersRateLimit of an account whose tier allows `tierRate` orders per second: at that rate, or at
   * the node-wide `ordersPerSecond` when the configuration sets one (every transport alike).
   */
  orders(accountId: string, tierRate: number): Verdict {
    return this.take('orders', accountId, this.ordersRate(tierRate))
  }

  /** The effective orders per second of a tier allowing `tierRate` on this listener. */
  ordersRate(tierRate: number): number {
    return this.limits.ordersPerSecond ?? tierRate
  }

  /** Seconds to wait before another sign-in attempt of these subjects is heard; 0 when it may go ahead now. */
  failureWait(subjects: string[]): number {
    const now = this.now()
    let wait = 0
    for (const subject of subjects) {
      const bucket = this.bucket('sign_in_failures', subject, this.limits.strict, now)
      if (bucket.tokens < 1) wait = Math.max(wait, waitSeconds(bucket))
    }
    return wait
  }

  /** Records a failed sign-in against every subject (a token each, never below zero). */
  failed(subjects: string[]): void {
    const now = this.now()
    for (const subject of subjects) {
      const bucket = this.bucket('sign_in_failures', subject, this.limits.strict, now)
      bucket.tokens = Math.max(0, bucket.tokens - 1)
    }
  }

  /** Takes one token from the bucket of `subject` in `cls`, refilled at `rate` per second. */
  take(cls: RateClass, subject: string, rate: number): Verdict {
    const bucket = this.bucket(cls, subject, rate, this.now())
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      return {allowed: true, limit: rate, remaining: Math.floor(bucket.tokens), retryAfterSeconds: 0}
    }
    return {allowed: false, limit: rate, remaining: 0, retryAfterSeconds: waitSeconds(bucket)}
  }

  /** How many buckets are held (tests). */
  get size(): number {
    return this.buckets.size
  }

  private now(): number {
    const now = this.clock()
    if (now - this.lastSweep >= SWEEP_EVERY_MS) this.sweep(now)
    return now
  }

  /** The bucket, refilled up to now; a new one starts full. */
  private bucket(cls: RateClass, subject: string, rate: number, now: number): Bucket {
    const key = `${cls}:${subject}`
    let bucket = this.buckets.get(key)
    if (!bucket) {
      bucket = {tokens: burstOf(rate), last: now, rate}
      this.buckets.set(key, bucket)
      return bucket
    }
    refill(bucket, now)
    if (bucket.rate !== rate) {
      // The rate changed (tier or configuration): keep what is left, within the new burst.
      bucket.rate = rate
      bucket.tokens = Math.min(bucket.tokens, burstOf(rate))
    }
    return bucket
  }

  private sweep(now: number): void {
    this.lastSweep = now
    for (const [key, bucket] of this.buckets) {
      refill(bucket, now)
      if (bucket.tokens >= burstOf(bucket.rate)) this.buckets.delete(key)
    }
  }
}

/** The burst equals the rate (docs/rest.md "Rate limits"), and is at least one request. */
const burstOf = (rate: number): number => Math.max(1, rate)

/** Whole seconds until the bucket holds a token again, at least 1. */
const waitSeconds = (bucket: Bucket): number => Math.max(1, Math.ceil((1 - bucket.tokens) / bucket.rate))

function refill(bucket: Bucket, now: number): void {
  const elapsed = Math.max(0, now - bucket.last)
  bucket.tokens = Math.min(burstOf(bucket.rate), bucket.tokens + (elapsed * bucket.rate) / 1000)
  bucket.last = now
}
