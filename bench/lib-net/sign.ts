/**
 * Request signing of the REST API (docs/rest.md "Signed requests"): X-Signature = lowercase hex
 * HMAC-SHA256(key = api_secret as UTF-8, X-Timestamp + METHOD + path?query + body); and of the
 * Binance form (docs/binance-compat.md "Keys, signing and permissions"): `signature` over the form parameters, `timestamp` among them.
 */
import {createHmac} from 'node:crypto'

export type Credentials = {apiKey: string; apiSecret: string}

export function signature(secret: string, timestamp: string, method: string, target: string, body: string): string {
  return createHmac('sha256', secret)
    .update(timestamp + method + target + body)
    .digest('hex')
}

/** Per API key: the millisecond last signed at and the bodies signed in it. */
const lastSigned = new Map<string, {timestamp: number; bodies: Set<string>}>()

/**
 * The three authentication headers of a signed request, with a fresh timestamp. The same key,
 * timestamp, target and body twice would be refused as a replay (docs/rest.md "Replayed requests"), so a body already
 * signed with this key in this millisecond moves to the next one; timestamps do not run ahead of the
 * clock otherwise.
 */
export function signedHeaders(creds: Credentials, method: string, target: string, body: string): Record<string, string> {
  const key = `${method} ${target} ${body}`
  let last = lastSigned.get(creds.apiKey)
  const now = Date.now()
  if (!last || now > last.timestamp) {
    last = {timestamp: now, bodies: new Set()}
    lastSigned.set(creds.apiKey, last)
  }
  while (last.bodies.has(key)) last = {timestamp: last.timestamp + 1, bodies: new Set()}
  lastSigned.set(creds.apiKey, last)
  last.bodies.add(key)
  const timestamp = String(last.timestamp)
  return {
    'X-API-Key': creds.apiKey,
    'X-Timestamp': timestamp,
    'X-Signature': signature(creds.apiSecret, timestamp, method, target, body),
  }
}

/** Per API key: the millisecond last signed at and the Binance-form parameters signed in it. */
const lastBinance = new Map<string, {timestamp: number; texts: Set<string>}>()

/**
 * A Binance-form form body (docs/binance-compat.md "Keys, signing and permissions"): `params`, a fresh `timestamp`, then `signature` over all
 * that text. The same text signed twice with a key would be a replay: it moves to the next millisecond.
 */
export function binanceSignedBody(creds: Credentials, params: string): string {
  let last = lastBinance.get(creds.apiKey)
  const now = Date.now()
  if (!last || now > last.timestamp) last = {timestamp: now, texts: new Set()}
  while (last.texts.has(params)) last = {timestamp: last.timestamp + 1, texts: new Set()}
  lastBinance.set(creds.apiKey, last)
  last.texts.add(params)
  const text = `${params}&timestamp=${last.timestamp}`
  return `${text}&signature=${createHmac('sha256', creds.apiSecret).update(text).digest('hex')}`
}
