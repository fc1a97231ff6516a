/**
 * HMAC-SHA256 request signatures (docs/rest.md "Signed requests"): lowercase hex of HMAC-SHA256(key = api_secret as
 * UTF-8, message). For REST the message is X-Timestamp + METHOD + request-target + body; for the
 * orders WebSocket it is timestamp + "GET" + "/api/v1/exchange/ws/orders/". Compared in constant time.
 */
import {createHmac, timingSafeEqual} from 'node:crypto'

export function sign(secret: string, message: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(message, 'utf8').digest('hex')
}

/** Whether `signature` is the lowercase hex HMAC of `message`; never short-circuits on content. */
export function verifySignature(secret: string, message: string, signature: string): boolean {
  const expected = Buffer.from(sign(secret, message), 'utf8')
  const given = Buffer.from(signature, 'utf8')
  // Compare equal-length buffers only; a length mismatch still costs one comparison.
  return given.length === expected.length ? timingSafeEqual(given, expected) : (timingSafeEqual(expected, expected), false)
}
