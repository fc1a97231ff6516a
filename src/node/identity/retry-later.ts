import {ExchangeError} from '../errors.js'

/** A `rate_limited` refusal that says when to come back; HTTP renders it as 429 with `Retry-After`. */
export class RetryLater extends ExchangeError {
  constructor(
    message: string,
    /** Whole seconds, at least 1. */
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message)
  }
}

/** Whole seconds until `untilMs`, at least 1. */
export const secondsUntil = (untilMs: number, nowMs = Date.now()): number => Math.max(1, Math.ceil((untilMs - nowMs) / 1000))
