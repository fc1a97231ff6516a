/**
 * IP addresses and CIDR lists: which clients are "internal" (loopback and configured CIDRs, the
 * 40/s rate class) and whether a client may use an API key with an IP allow-list.
 */
import {BlockList, isIP} from 'node:net'
import {invalid} from './errors.js'

/** Loopback is always internal (docs/rest.md "Rate limits"). */
const LOOPBACK = ['127.0.0.0/8', '::1/128']

/** "::ffff:10.0.0.1" (an IPv4 client on a dual-stack socket) is "10.0.0.1"; anything else as given. */
export function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
  return mapped ? mapped[1]! : ip
}

type Cidr = {address: string; prefix: number; family: 'ipv4' | 'ipv6'}

/** Parses "10.0.0.0/8", "fd00::/8" or a single address (a /32 or /128); `invalid_argument` otherwise. */
export function parseCidr(entry: string): Cidr {
  const [rawAddress = '', rawPrefix, extra] = entry.trim().split('/')
  const address = normalizeIp(rawAddress)
  const version = isIP(address)
  if (version === 0 || extra !== undefined) throw invalid(`"${entry}" is not an IP address or CIDR`)
  const family = version === 4 ? 'ipv4' : 'ipv6'
  const bits = version === 4 ? 32 : 128
  if (rawPrefix === undefined) return {address, prefix: bits, family}
  if (!/^\d{1,3}$/.test(rawPrefix) || Number(rawPrefix) > bits) throw invalid(`"${entry}" has an invalid prefix length`)
  return {address, prefix: Number(rawPrefix), family}
}

/** Parses a list of CIDRs, refusing the whole list when one entry is malformed (configuration). */
export function parseCidrs(entries: readonly string[]): Cidr[] {
  return entries.filter((entry) => entry.trim() !== '').map(parseCidr)
}

/** How many client addresses an IpSet remembers its answer for (it starts over when full). */
const MEMO_SIZE = 4096

/**
 * A set of addresses and subnets that answers "is this client in it?". The set never changes once
 * built, so the answer for each client address is remembered (BlockList.check costs a SocketAddress).
 */
export class IpSet {
  private readonly list = new BlockList()
  private readonly memo = new Map<string, boolean>()
  readonly size: number

  /** `lenient`: skip malformed entries instead of throwing (stored allow-lists fail closed). */
  constructor(entries: readonly string[], options: {lenient?: boolean} = {}) {
    let size = 0
    for (const entry of entries) {
      if (entry.trim() === '') continue
      let cidr: Cidr
      try {
        cidr = parseCidr(entry)
      } catch (error) {
        if (options.lenient) continue
        throw error
      }
      this.list.addSubnet(cidr.address, cidr.prefix, cidr.family)
      size++
    }
    this.size = size
  }

  has(ip: string): boolean {
    const known = this.memo.get(ip)
    if (known !== undefined) return known
    const address = normalizeIp(ip)
    const version = isIP(address)
    const answer = version !== 0 && this.list.check(address, version === 4 ? 'ipv4' : 'ipv6')
    if (this.memo.size >= MEMO_SIZE) this.memo.clear()
    this.memo.set(ip, answer)
    return answer
  }
}

/** Loopback plus the configured internal CIDRs; throws `invalid_argument` on a malformed CIDR. */
export function internalNetworks(cidrs: readonly string[]): IpSet {
  return new IpSet([...LOOPBACK, ...cidrs])
}
