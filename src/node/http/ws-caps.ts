/**
 * Caps on open WebSocket connections of the public listener (docs/websockets.md): in total
 * (further upgrades are refused with 503 `unavailable`) and per client IP (429 `rate_limited`).
 * A slot is taken before the handshake and given back when the connection's socket closes, so a
 * refused or failed handshake frees it too.
 */
import type {Duplex} from 'node:stream'
import {DEFAULT_WS_LIMITS, type WsLimits} from '../ground/config.js'
import {ExchangeError} from '../ground/errors.js'
import {normalizeIp} from '../ground/net.js'

export class ConnectionCaps {
  private total = 0
  private readonly perIp = new Map<string, number>()

  constructor(private readonly limits: WsLimits = DEFAULT_WS_LIMITS) {}

  /** Open connections now (all IPs). */
  get open(): number {
    return this.total
  }

  /** Takes a slot for a connection from `ip` on `socket`, freed when it closes; throws the refusal when full. */
  admit(rawIp: string, socket: Duplex): void {
    const ip = normalizeIp(rawIp)
    if (this.total >= this.limits.maxConnections) {
      throw new ExchangeError('unavailable', `the node has ${this.limits.maxConnections} WebSocket connections open; retry later`)
    }
    const fromIp = this.perIp.get(ip) ?? 0
    if (fromIp >= this.limits.maxConnectionsPerIp) {
      throw new ExchangeError(
        'rate_limited',
        `at most ${this.limits.maxConnectionsPerIp} WebSocket connections per IP address; close one first`,
      )
    }
    this.total++
    this.perIp.set(ip, fromIp + 1)
    socket.once('close', () => this.release(ip))
  }

  private release(ip: string): void {
    this.total--
    const left = (this.perIp.get(ip) ?? 1) - 1
    if (left <= 0) this.perIp.delete(ip)
    else this.perIp.set(ip, left)
  }
}
