/**
 * Request signing of the REST API (contract §3, docs/rest.md): X-Signature = lowercase hex
 * HMAC-SHA256(key = api_secret as UTF-8, X-Timestamp + METHOD + path?query + body).
 */
import {createHmac} from 'node:crypto'

export type Credentials = {apiKey: string; apiSecret: string}

export function signature(secret: string, timestamp: string, method: string, target: string, body: string): string {
  return createHmac('sha256', secret)
    .update(timestamp + method + target + body)
    .digest('hex')
}

let lastTimestamp = 0

/**
 * The three authentication headers of a signed request, with a fresh timestamp: never the same
 * millisecond twice, since the same key, timestamp, target and body would be refused as a replay.
 */
export function signedHeaders(creds: Credentials, method: string, target: string, body: string): Record<string, string> {
  lastTimestamp = Math.max(Date.now(), lastTimestamp + 1)
  const timestamp = String(lastTimestamp)
  return {
    'X-API-Key': creds.apiKey,
    'X-Timestamp': timestamp,
    'X-Signature': signature(creds.apiSecret, timestamp, method, target, body),
  }
}
