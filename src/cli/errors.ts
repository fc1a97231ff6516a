/** How a failed admin call is told to an operator: one line on stderr and an exit code per error code. */
import {status} from '@grpc/grpc-js'
import {errorCodeOf} from '../node/admin/status.js'
import {ExchangeError, type ErrorCode} from '../node/ground/errors.js'
import {StartupRefused} from '../node/store/refusal.js'
import {closest} from './suggest.js'

/** Exit codes of the CLI by error code; documented in docs/cli.md. */
export const EXIT_CODES: Record<ErrorCode | 'usage' | 'unknown', number> = {
  unknown: 1,
  internal: 1,
  usage: 2,
  invalid_argument: 3,
  timestamp_outside_recv_window: 3,
  replayed_request: 3,
  not_found: 4,
  already_exists: 5,
  failed_precondition: 6,
  insufficient_funds: 6,
  unauthorized: 7,
  invalid_api_key: 7,
  invalid_signature: 7,
  permission_denied: 7,
  account_restricted: 7,
  account_blocked: 7,
  rate_limited: 8,
  unavailable: 9,
  unimplemented: 10,
  invalid_code: 3,
  expired: 6,
  chain_unavailable: 6,
  invalid_state: 6,
  csrf_refused: 7,
  payload_too_large: 3,
}

export type DescribedError = {line: string; exitCode: number; code: string}

/**
 * Describes a gRPC ServiceError, or any other error, as one line and an exit code. An unknown flag
 * is told with the closest of the command's `flags` ("did you mean --email?").
 */
export function describeError(error: unknown, flags: readonly string[] = []): DescribedError {
  const grpcError = error as {code?: unknown; details?: unknown; metadata?: {get(key: string): unknown[]}}
  if (typeof grpcError?.code === 'number' && grpcError.metadata && typeof grpcError.metadata.get === 'function') {
    const statusName = status[grpcError.code] ?? String(grpcError.code)
    const code = errorCodeOf({code: grpcError.code, metadata: grpcError.metadata}) ?? 'unknown'
    const details = String(grpcError.details ?? '').split('\n')[0]
    const hint =
      grpcError.code === status.UNAVAILABLE && code === 'unavailable' ? ' (is the node running? check --admin-url)' : ''
    return {
      line: `Error: ${statusName} (${code}): ${details}${hint}`,
      exitCode: EXIT_CODES[code as keyof typeof EXIT_CODES] ?? EXIT_CODES.unknown,
      code,
    }
  }
  // Commands that work on a data dir's files (backup --data-dir, restore) fail in the node's own terms.
  if (error instanceof ExchangeError) {
    return {line: `Error: ${error.message} (${error.code})`, exitCode: EXIT_CODES[error.code], code: error.code}
  }
  if (error instanceof StartupRefused) return {line: `Error: ${error.message}`, exitCode: EXIT_CODES.unknown, code: 'unknown'}
  const unknown = describeUnknownFlag(error, flags)
  if (unknown) return unknown
  const message = error instanceof Error ? error.message : String(error)
  const exit = (error as {oclif?: {exit?: number}})?.oclif?.exit
  // oclif lists several flag errors under a heading: the first of them is the line to show.
  const lines = message.split('\n').map((line) => line.trim())
  if (lines[0]?.startsWith('The following error') && lines[1]) lines.shift()
  return {line: `Error: ${lines[0]}`, exitCode: typeof exit === 'number' ? exit : EXIT_CODES.usage, code: 'usage'}
}

/**
 * oclif's "Nonexistent flag" as one usage line with the closest of `flags` (flagNamesOf in
 * suggest.ts); undefined for any other error.
 */
export function describeUnknownFlag(error: unknown, flags: readonly string[]): DescribedError | undefined {
  const unknown = /^Nonexistent flags?: (--?[\w-]+)/.exec(error instanceof Error ? error.message : String(error))
  if (!unknown) return undefined
  const suggestion = closest(unknown[1]!.replace(/^-+/, ''), flags)
  const hint = suggestion ? ` (did you mean --${suggestion}?)` : ''
  return {line: `Error: unknown flag ${unknown[1]}${hint}; see --help`, exitCode: EXIT_CODES.usage, code: 'usage'}
}
