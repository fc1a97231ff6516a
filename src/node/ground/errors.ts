/**
 * The one error type of the node. Every expected failure carries a stable snake_case code;
 * transports map the code (never the message) to an HTTP status, a gRPC status or a CLI exit code.
 */
export type ErrorCode =
  | 'invalid_argument'
  | 'not_found'
  | 'already_exists'
  | 'failed_precondition'
  | 'insufficient_funds'
  | 'unauthorized'
  | 'invalid_api_key'
  | 'invalid_signature'
  | 'timestamp_outside_recv_window'
  /** A signed request (same key, same signature) accepted once already inside its window (docs/rest.md "Replayed requests"). */
  | 'replayed_request'
  | 'permission_denied'
  | 'account_restricted'
  | 'account_blocked'
  | 'rate_limited'
  | 'unavailable'
  | 'unimplemented'
  | 'internal'
  /** A verification or two-factor code that does not match (account flows). */
  | 'invalid_code'
  /** A sign-up or code that expired or was used up (account flows). */
  | 'expired'
  /** A chain without a node connected: addresses only, no withdrawals (docs/blockchain.md "Connecting chains"). */
  | 'chain_unavailable'
  /** An action the P2P order's current state does not allow (docs/p2p.md "Order states"). */
  | 'invalid_state'
  /** A cookie-authenticated write that is not JSON or comes from a foreign Origin (http/origin.ts). */
  | 'csrf_refused'
  /** A request body (http/body.ts) or an uploaded file over its limit: HTTP 413, the connection's last answer. */
  | 'payload_too_large'

export class ExchangeError extends Error {
  override readonly name = 'ExchangeError'

  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: {cause?: unknown},
  ) {
    super(message, options)
  }
}

/**
 * A `rate_limited` refusal that says when to come back (rate classes, the sign-in lock, the resend
 * cool-down); HTTP transports render it as 429 with `Retry-After`.
 */
export class RetryLater extends ExchangeError {
  constructor(
    message: string,
    /** Whole seconds, at least 1. */
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message)
  }
}

/**
 * An `unavailable` refusal that says when to come back: in cluster mode, a command an edge could not
 * hand to the sequencer (none subscribed, no answer in time, NATS away — docs/cluster.md "Commands"). HTTP
 * transports render it as 503 with `Retry-After`.
 */
export class Unavailable extends ExchangeError {
  constructor(
    message: string,
    /** Whole seconds, at least 1. */
    readonly retryAfterSeconds: number,
  ) {
    super('unavailable', message)
  }
}

/** The `Retry-After` of a refusal that carries one (`RetryLater`, `Unavailable`), in whole seconds. */
export function retryAfterOf(error: ExchangeError): number | undefined {
  return error instanceof RetryLater || error instanceof Unavailable ? error.retryAfterSeconds : undefined
}

/** Whole seconds until `untilMs`, at least 1. */
export const secondsUntil = (untilMs: number, nowMs = Date.now()): number => Math.max(1, Math.ceil((untilMs - nowMs) / 1000))

export const invalid = (message: string): ExchangeError => new ExchangeError('invalid_argument', message)
export const notFound = (message: string): ExchangeError => new ExchangeError('not_found', message)

/**
 * The one answer for an id the caller may not reach (docs/rest.md "Ids you may not reach"): another account's resource is
 * exactly as absent as one that never existed — the same code and the same message shape, so the
 * answer never confirms that the id exists. `what` names the kind: "order", "balance account", ...
 */
export const absent = (what: string, id: string): ExchangeError => new ExchangeError('not_found', `${what} ${id} not found`)
export const alreadyExists = (message: string): ExchangeError => new ExchangeError('already_exists', message)
export const precondition = (message: string): ExchangeError => new ExchangeError('failed_precondition', message)

/** Wraps anything thrown into an ExchangeError; unknown errors become `internal` with the original as cause. */
export function toExchangeError(error: unknown): ExchangeError {
  if (error instanceof ExchangeError) return error
  return new ExchangeError('internal', 'internal error', {cause: error})
}
