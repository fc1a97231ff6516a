/** Client addresses for the gateway: the internal networks of the rate classes, and API-key allow-list entries. */
import {BlockList, isIP} from 'node:net'
import {invalid} from '../errors.js'

/** "::ffff:10.0.0.1" (IPv4 on a dual-stack socket) is "10.0.0.1". */
export function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
  return mapped ? mapped[1]! : ip
}

type Cidr = {address: string; prefix: number; family: 'ipv4' | 'ipv6'}

/** "10.0.0.0/8", "fd00::/8" or a bare address (/32, /128); undefined when malformed. */
export function parseCidr(entry: string): Cidr | undefined {
  const [rawAddress = '', rawPrefix, extra] = entry.trim().split('/')
  const address = normalizeIp(rawAddress)
  const version = isIP(address)
  if (version === 0 || extra !== undefined) return undefined
  const bits = version === 4 ? 32 : 128
  if (rawPrefix !== undefined && (!/^\d{1,3}$/.test(rawPrefix) || Number(rawPrefix) > bits)) return undefined
  return {address, prefix: rawPrefix === undefined ? bits : Number(rawPrefix), family: version === 4 ? 'ipv4' : 'ipv6'}
}

/** Validates an `ip_allowlist`: an array of at most 20 addresses or CIDRs. */
export function requireAllowlist(value: unknown): string[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw invalid('ip_allowlist must be an array of IP addresses or CIDRs')
  if (value.length > 20) throw invalid('ip_allowlist has more than 20 entries')
  return value.map((entry) => {
    if (typeof entry !== 'string' || !parseCidr(entry))
      throw invalid(`ip_allowlist entry ${JSON.stringify(entry)} is not an IP address or CIDR`)
    return entry.trim()
  })
}

/** Loopback and the configured internal CIDRs (malformed entries are ignored here; the REST layer refuses them at start). */
export function internalNetworks(cidrs: readonly string[]): (ip: string) => boolean {
  const list = new BlockList()
  for (const entry of ['127.0.0.0/8', '::1/128', ...cidrs]) {
    const cidr = parseCidr(entry)
    if (cidr) list.addSubnet(cidr.address, cidr.prefix, cidr.family)
  }
  return (ip) => {
    const address = normalizeIp(ip)
    const version = isIP(address)
    return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6')
  }
}
