/**
 * The receive window of a signed request (docs/rest.md "Signed requests"; docs/binance-compat.md "Keys, signing and permissions"): accepted when
 * `timestamp <= now + 1000` and `now - timestamp <= recvWindow` (default 5000, maximum 60000 ms).
 * Each wire format names the two values its own way (`X-Timestamp` and `X-Recv-Window` on REST v1,
 * `timestamp` and `recvWindow` on the Binance form); the messages use those names.
 */
import {ExchangeError, invalid} from '../ground/errors.js'

export const DEFAULT_RECV_WINDOW_MS = 5000
export const MAX_RECV_WINDOW_MS = 60_000
/** How far ahead of the server clock a client clock may be. */
export const FUTURE_TOLERANCE_MS = 1000

/** How a wire format names the timestamp and the window, for the messages of a refusal. */
export type WindowNames = {timestamp: string; recvWindow: string}

export const HEADER_NAMES: WindowNames = {timestamp: 'X-Timestamp', recvWindow: 'X-Recv-Window'}

const MILLIS = /^\d{1,15}$/
const SECONDS_LOOK_ALIKE = 1e11

/** The window in ms: the default when absent (''); 400 when not an integer from 1 to 60000. */
export function parseRecvWindow(text: string, names: WindowNames = HEADER_NAMES): number {
  if (text === '') return DEFAULT_RECV_WINDOW_MS
  const value = Number(text)
  if (!MILLIS.test(text) || value < 1 || value > MAX_RECV_WINDOW_MS) {
    throw invalid(`${names.recvWindow} must be an integer number of milliseconds from 1 to ${MAX_RECV_WINDOW_MS}`)
  }
  return value
}

/** The timestamp (Unix ms); 400 when absent or not a whole number, and when it looks like seconds. */
export function parseTimestamp(text: string, names: WindowNames = HEADER_NAMES): number {
  if (text === '') throw invalid(`${names.timestamp} is required (Unix time in milliseconds)`)
  if (!MILLIS.test(text)) throw invalid(`${names.timestamp} must be Unix time in whole milliseconds`)
  const value = Number(text)
  // Before 1973 in ms, yet a time of this century in seconds: the usual slip of a client. Outside any
  // window either way, so the code stays the one clients already handle; the message says why.
  if (value < SECONDS_LOOK_ALIKE) {
    throw new ExchangeError(
      'timestamp_outside_recv_window',
      `${names.timestamp} must be in milliseconds since the epoch (got seconds?)`,
    )
  }
  return value
}

/**
 * Throws 400 `timestamp_outside_recv_window` unless the request falls inside its window; returns
 * the timestamp (Unix ms).
 */
export function checkRecvWindow(timestampText: string, recvWindowText: string, now = Date.now(), names = HEADER_NAMES): number {
  const timestamp = parseTimestamp(timestampText, names)
  const window = parseRecvWindow(recvWindowText, names)
  if (timestamp > now + FUTURE_TOLERANCE_MS) {
    throw new ExchangeError(
      'timestamp_outside_recv_window',
      `${names.timestamp} is ${timestamp - now} ms ahead of the server clock (at most ${FUTURE_TOLERANCE_MS} ms allowed)`,
    )
  }
  if (now - timestamp > window) {
    throw new ExchangeError(
      'timestamp_outside_recv_window',
      `${names.timestamp} is ${now - timestamp} ms old, outside the receive window of ${window} ms`,
    )
  }
  return timestamp
}
