/**
 * RecvWindow (replay protection, contract §3): a signed request is accepted when
 * `timestamp <= now + 1000` and `now - timestamp <= X-Recv-Window` (default 5000, maximum 60000 ms).
 * Inside its window a signature is accepted once (apikeys/replay-guard.ts), checked after it verifies.
 */
import {ExchangeError, invalid} from '../errors.js'

export const DEFAULT_RECV_WINDOW_MS = 5000
export const MAX_RECV_WINDOW_MS = 60_000
/** How far ahead of the server clock a client clock may be. */
export const FUTURE_TOLERANCE_MS = 1000

const MILLIS = /^\d{1,15}$/
const SECONDS_LOOK_ALIKE = 1e11

/** The X-Recv-Window header in ms: default when absent; 400 when not an integer from 1 to 60000. */
export function parseRecvWindow(header: string): number {
  if (header === '') return DEFAULT_RECV_WINDOW_MS
  const value = Number(header)
  if (!MILLIS.test(header) || value < 1 || value > MAX_RECV_WINDOW_MS) {
    throw invalid(`X-Recv-Window must be an integer number of milliseconds from 1 to ${MAX_RECV_WINDOW_MS}`)
  }
  return value
}

/** The X-Timestamp header (Unix ms); 400 when absent or not a whole number, and when it looks like seconds. */
export function parseTimestamp(header: string): number {
  if (header === '') throw invalid('X-Timestamp is required (Unix time in milliseconds)')
  if (!MILLIS.test(header)) throw invalid('X-Timestamp must be Unix time in whole milliseconds')
  const value = Number(header)
  // Before 1973 in ms, yet a time of this century in seconds: the usual slip of a client. Outside any
  // window either way, so the code stays the one clients already handle; the message says why.
  if (value < SECONDS_LOOK_ALIKE) {
    throw new ExchangeError('timestamp_outside_recv_window', 'X-Timestamp must be in milliseconds since the epoch (got seconds?)')
  }
  return value
}

/**
 * Throws 400 `timestamp_outside_recv_window` unless the request falls inside its window; returns
 * the timestamp (Unix ms).
 */
export function checkRecvWindow(timestampHeader: string, recvWindowHeader: string, now = Date.now()): number {
  const timestamp = parseTimestamp(timestampHeader)
  const window = parseRecvWindow(recvWindowHeader)
  if (timestamp > now + FUTURE_TOLERANCE_MS) {
    throw new ExchangeError(
      'timestamp_outside_recv_window',
      `X-Timestamp is ${timestamp - now} ms ahead of the server clock (at most ${FUTURE_TOLERANCE_MS} ms allowed)`,
    )
  }
  if (now - timestamp > window) {
    throw new ExchangeError(
      'timestamp_outside_recv_window',
      `X-Timestamp is ${now - timestamp} ms old, outside the receive window of ${window} ms`,
    )
  }
  return timestamp
}
