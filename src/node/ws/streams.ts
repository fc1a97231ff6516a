/** The three WebSocket streams under /api/v1/exchange/ws/: orderbook, trades, orders. */
import type http from 'node:http'
import type {HttpDeps} from '../http/deps.js'

export type Streams = {close(): void}

export function attachStreams(_server: http.Server, _deps: HttpDeps): Streams {
  return {close() {}}
}
