/**
 * Failed sign-ins are rate limited (contract §3, strict class): each failure takes a token from a
 * bucket of the client IP and one of the e-mail (burst = rate, refilled `rate` per second), and an
 * attempt while either bucket is empty is refused with 429 and `Retry-After` before any password
 * is checked. (Every attempt, successful or not, also takes a token of the strict class — CONTRACT §3,
 * http/strict-limit.ts — in the sign-in route.) The strict rate applies even to loopback clients:
 * the AdminGateway is normally reached over loopback, and that is no reason to allow guessing.
 */
export type Clock = () => number

type Bucket = {tokens: number; last: number}

const SWEEP_EVERY_MS = 60_000

export class FailureLimiter {
  private readonly buckets = new Map<string, Bucket>()
  private lastSweep: number

  constructor(
    private readonly rate: number,
    private readonly clock: Clock = Date.now,
  ) {
    this.lastSweep = clock()
  }

  /** Seconds to wait before another attempt of `keys` is heard, 0 when it may go ahead now. */
  retryAfter(keys: string[]): number {
    const now = this.clock()
    if (now - this.lastSweep >= SWEEP_EVERY_MS) this.sweep(now)
    let wait = 0
    for (const key of keys) {
      const bucket = this.bucket(key, now)
      if (bucket.tokens < 1) wait = Math.max(wait, Math.ceil((1 - bucket.tokens) / this.rate))
    }
    return wait === 0 ? 0 : Math.max(1, wait)
  }

  /** Records a failure against every key. */
  fail(keys: string[]): void {
    const now = this.clock()
    for (const key of keys) {
      const bucket = this.bucket(key, now)
      bucket.tokens = Math.max(0, bucket.tokens - 1)
    }
  }

  private bucket(key: string, now: number): Bucket {
    let bucket = this.buckets.get(key)
    if (!bucket) {
      bucket = {tokens: this.burst, last: now}
      this.buckets.set(key, bucket)
    }
    bucket.tokens = Math.min(this.burst, bucket.tokens + (Math.max(0, now - bucket.last) * this.rate) / 1000)
    bucket.last = now
    return bucket
  }

  private get burst(): number {
    return Math.max(1, this.rate)
  }

  private sweep(now: number): void {
    this.lastSweep = now
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.last) * this.rate) / 1000 >= this.burst) this.buckets.delete(key)
    }
  }
}
