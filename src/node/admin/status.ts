/** The one table from error codes to gRPC status codes. */
import {status, type ServiceError, Metadata} from '@grpc/grpc-js'
import type {ErrorCode} from '../ground/errors.js'
import {toExchangeError} from '../ground/errors.js'

export const GRPC_STATUS: Record<ErrorCode, status> = {
  invalid_argument: status.INVALID_ARGUMENT,
  timestamp_outside_recv_window: status.INVALID_ARGUMENT,
  replayed_request: status.INVALID_ARGUMENT,
  not_found: status.NOT_FOUND,
  already_exists: status.ALREADY_EXISTS,
  failed_precondition: status.FAILED_PRECONDITION,
  insufficient_funds: status.FAILED_PRECONDITION,
  unauthorized: status.UNAUTHENTICATED,
  invalid_api_key: status.UNAUTHENTICATED,
  invalid_signature: status.PERMISSION_DENIED,
  permission_denied: status.PERMISSION_DENIED,
  account_restricted: status.PERMISSION_DENIED,
  account_blocked: status.PERMISSION_DENIED,
  rate_limited: status.RESOURCE_EXHAUSTED,
  unavailable: status.UNAVAILABLE,
  unimplemented: status.UNIMPLEMENTED,
  internal: status.INTERNAL,
  invalid_code: status.INVALID_ARGUMENT,
  expired: status.FAILED_PRECONDITION,
  chain_unavailable: status.FAILED_PRECONDITION,
  invalid_state: status.FAILED_PRECONDITION,
  csrf_refused: status.PERMISSION_DENIED,
  payload_too_large: status.INVALID_ARGUMENT,
}

/**
 * A gRPC error for anything thrown. The stable code travels in the `error-code` trailer so that
 * clients (the CLI, the AdminGateway) can tell insufficient_funds from other preconditions.
 */
export function toServiceError(error: unknown): Partial<ServiceError> {
  const exchangeError = toExchangeError(error)
  const metadata = new Metadata()
  metadata.set('error-code', exchangeError.code)
  return {code: GRPC_STATUS[exchangeError.code], details: shortened(exchangeError.message), metadata}
}

/** How many characters of an error message go into `grpc-message`. */
export const MAX_DETAILS_CHARS = 1000

/**
 * The message cut to MAX_DETAILS_CHARS code points. It travels in an HTTP/2 trailer, percent-encoded:
 * a message echoing a 1 MiB field would pass the peer's header-list limit, and the call would never
 * end (the client waits for its deadline, and the connection is lost).
 */
function shortened(message: string): string {
  if (message.length <= MAX_DETAILS_CHARS) return message
  const points = Array.from(message)
  return points.length <= MAX_DETAILS_CHARS ? message : `${points.slice(0, MAX_DETAILS_CHARS).join('')}…`
}

/** Codes for gRPC statuses that arrive without an `error-code` trailer (transport failures). */
const CODE_OF_STATUS: Partial<Record<status, ErrorCode>> = {
  [status.INVALID_ARGUMENT]: 'invalid_argument',
  [status.NOT_FOUND]: 'not_found',
  [status.ALREADY_EXISTS]: 'already_exists',
  [status.FAILED_PRECONDITION]: 'failed_precondition',
  [status.PERMISSION_DENIED]: 'permission_denied',
  [status.UNAUTHENTICATED]: 'unauthorized',
  [status.RESOURCE_EXHAUSTED]: 'rate_limited',
  [status.UNAVAILABLE]: 'unavailable',
  [status.DEADLINE_EXCEEDED]: 'unavailable',
  [status.UNIMPLEMENTED]: 'unimplemented',
  [status.INTERNAL]: 'internal',
}

/**
 * The error code of a failed gRPC call as a client sees it: the `error-code` trailer when it names
 * a known code, else the code of its status; undefined for a status with no code.
 */
export function errorCodeOf(error: {code: number; metadata?: {get(key: string): unknown[]}}): ErrorCode | undefined {
  const trailer = error.metadata?.get('error-code')[0]
  if (typeof trailer === 'string' && trailer in GRPC_STATUS) return trailer as ErrorCode
  return CODE_OF_STATUS[error.code as status]
}
