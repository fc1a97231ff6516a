/** The one table from error codes to gRPC status codes. */
import {status, type ServiceError, Metadata} from '@grpc/grpc-js'
import type {ErrorCode} from '../errors.js'
import {toExchangeError} from '../errors.js'

export const GRPC_STATUS: Record<ErrorCode, status> = {
  invalid_argument: status.INVALID_ARGUMENT,
  timestamp_outside_recv_window: status.INVALID_ARGUMENT,
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
}

/**
 * A gRPC error for anything thrown. The stable code travels in the `error-code` trailer so that
 * clients (the CLI, the AdminGateway) can tell insufficient_funds from other preconditions.
 */
export function toServiceError(error: unknown): Partial<ServiceError> {
  const exchangeError = toExchangeError(error)
  const metadata = new Metadata()
  metadata.set('error-code', exchangeError.code)
  return {code: GRPC_STATUS[exchangeError.code], details: exchangeError.message, metadata}
}
