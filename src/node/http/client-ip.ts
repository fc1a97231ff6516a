/**
 * The client address of a request behind reverse proxies (docs/configuration.md "Behind a reverse proxy", `--trusted-proxies`): the
 * socket's peer, unless that peer is a trusted proxy; then `X-Forwarded-For` is walked from the
 * right, each hop a trusted proxy vouching for the one before it, and the first address that is
 * not a trusted proxy is the client. Whatever a client writes into the header itself lies left of
 * what its first trusted proxy appended, so it is never reached. Without trusted proxies the
 * header is ignored. Rate classes, API-key allow-lists, sign-in records and the admin audit log
 * all read this address (as `ctx.ip`, or `clientAddress` for WebSocket upgrades).
 */
import type {IncomingMessage} from 'node:http'
import {isIP} from 'node:net'
import type {Context, Next} from 'koa'
import {IpSet, normalizeIp} from '../ground/net.js'

/** "203.0.113.7", "203.0.113.7:5123", "[2001:db8::1]:443" or "2001:db8::1" → the address; '' when none. */
function hopAddress(entry: string): string {
  let address = entry.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address)
  if (bracketed) address = bracketed[1]!
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.indexOf(':'))
  address = normalizeIp(address)
  return isIP(address) === 0 ? '' : address
}

export class TrustedProxies {
  private readonly proxies: IpSet

  /** `cidrs`: addresses or CIDRs of the proxies; throws `invalid_argument` on a malformed one. */
  constructor(cidrs: readonly string[]) {
    this.proxies = new IpSet(cidrs)
  }

  /** Whether any proxy is trusted (when none, the socket's peer is always the client). */
  get any(): boolean {
    return this.proxies.size > 0
  }

  /**
   * The client behind `peer` (the socket's remote address) given the X-Forwarded-For header(s).
   * A malformed hop stops the walk: the last address vouched for is the client.
   */
  clientOf(peer: string, forwardedFor: string | string[] | undefined): string {
    let client = normalizeIp(peer)
    if (!this.proxies.has(client) || forwardedFor === undefined) return client
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',')
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hopAddress(hops[i]!)
      if (hop === '') break
      client = hop
      if (!this.proxies.has(hop)) break
    }
    return client
  }

  /** The client of an HTTP request or WebSocket upgrade. */
  clientAddress(request: IncomingMessage): string {
    return this.clientOf(request.socket.remoteAddress ?? '', request.headers['x-forwarded-for'])
  }
}

/**
 * Koa middleware (first on a listener) that sets `ctx.ip` to the client behind the trusted
 * proxies; undefined when none is trusted, so that `ctx.ip` stays the socket's peer at no cost.
 */
export function forwardedClientIp(proxies: TrustedProxies) {
  if (!proxies.any) return undefined
  return async (ctx: Context, next: Next): Promise<void> => {
    ctx.request.ip = proxies.clientAddress(ctx.req)
    await next()
  }
}
