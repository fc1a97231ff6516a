/** API-key IP allow-lists given through the gateway. */
import {invalid} from '../ground/errors.js'
import {parseCidr} from '../ground/net.js'

/** Validates an `ip_allowlist`: an array of at most 20 addresses or CIDRs. */
export function requireAllowlist(value: unknown): string[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw invalid('ip_allowlist must be an array of IP addresses or CIDRs')
  if (value.length > 20) throw invalid('ip_allowlist has more than 20 entries')
  return value.map((entry) => {
    if (typeof entry !== 'string') throw invalid(`ip_allowlist entry ${JSON.stringify(entry)} is not an IP address or CIDR`)
    parseCidr(entry)
    return entry.trim()
  })
}
