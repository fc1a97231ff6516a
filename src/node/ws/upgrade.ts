/**
 * The HTTP side of a WebSocket upgrade: which stream a request asks for, the query parameters of
 * the public streams, and refusing an upgrade with a plain HTTP response carrying the
 * error body of docs/rest.md "Errors" (`{"error": {"code", "message"}}`, status from the one HTTP table).
 */
import {STATUS_CODES} from 'node:http'
import type {Duplex} from 'node:stream'
import {ExchangeError, invalid, notFound} from '../ground/errors.js'
import {HTTP_STATUS} from '../http/errors.js'
import type {PublicServices} from '../public-services.js'
import {endWith} from '../http/lingering-close.js'

export const WS_PREFIX = '/api/v1/exchange/ws/'
/** The path the orders-stream signature covers, whatever form of the path the client used. */
export const ORDERS_PATH = `${WS_PREFIX}orders/`

export type StreamName = 'orderbook' | 'trades' | 'orders'
const STREAMS: readonly StreamName[] = ['orderbook', 'trades', 'orders']

export const DEFAULT_DEPTH = 20
export const MAX_DEPTH = 200

/** The stream a request path names (with or without the trailing slash), or undefined. */
export function streamOf(pathname: string): StreamName | undefined {
  if (!pathname.startsWith(WS_PREFIX)) return undefined
  const name = pathname.slice(WS_PREFIX.length).replace(/\/$/, '')
  return (STREAMS as readonly string[]).includes(name) ? (name as StreamName) : undefined
}

/** The `ticker` query parameter as an active ticker's symbol (case-insensitive). */
export function requireActiveTicker(query: URLSearchParams, tickers: PublicServices['tickers']): string {
  const value = query.get('ticker')?.trim()
  if (!value) throw invalid('ticker is required')
  if (value.length > 21) throw invalid('ticker is longer than 21 characters')
  const ticker = tickers.get(value.toUpperCase())
  if (!ticker) throw notFound(`ticker ${value.toUpperCase()} not found`)
  if (!ticker.active) throw invalid(`ticker ${ticker.symbol} is not active`)
  return ticker.symbol
}

/** The `depth` query parameter: an integer from 1 to 200, 20 when absent. */
export function parseDepth(query: URLSearchParams): number {
  const value = query.get('depth')
  if (value === null || value === '') return DEFAULT_DEPTH
  if (!/^\d{1,4}$/.test(value)) throw invalid(`depth must be an integer from 1 to ${MAX_DEPTH}`)
  const depth = Number(value)
  if (depth < 1 || depth > MAX_DEPTH) throw invalid(`depth must be an integer from 1 to ${MAX_DEPTH}`)
  return depth
}

/** Answers the upgrade request with an HTTP error and closes the connection, without a reset (http/lingering-close.ts). */
export function refuseUpgrade(socket: Duplex, error: ExchangeError): void {
  const status = HTTP_STATUS[error.code]
  const message = error.code === 'internal' && !error.message.startsWith('internal error (id ') ? 'internal error' : error.message
  const body = JSON.stringify({error: {code: error.code, message}})
  endWith(
    socket,
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      '\r\n' +
      body,
  )
}
