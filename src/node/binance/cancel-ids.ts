/**
 * The client id of a cancel (docs/binance-compat.md "Signed REST (/api/v3/...)"): Binance names every
 * cancel — by the `newClientOrderId` of `DELETE /api/v3/order`, or by an id it makes — and shows that
 * name as the cancel answer's `clientOrderId` and the CANCELED execution report's `c`, the cancelled
 * order's own id going to `origClientOrderId` / `C`.
 *
 * An order is cancelled once, so the id made for a cancel that named none is derived from the
 * order's id: the REST answer and the user stream (of any node or edge) make the same one. A name
 * the cancel gave travels from the REST route to the stream through this process only (the trading
 * service does not carry it): it is kept here, by order id, for a minute. A user stream served by
 * another process (another edge of a cluster) shows the derived id instead.
 */
import {createHash} from 'node:crypto'

/** How long a cancel's given name is kept for the stream that reports it. */
const KEPT_MS = 60_000
/** At most this many names are kept (the oldest go first). */
const MAX_KEPT = 10_000
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** Order id → the name its cancel was given, and when. Order ids are unique, so one map serves every node of the process. */
const named = new Map<string, {cancelId: string; at: number}>()

/** The id made for the cancel of an order that named none: 22 letters and digits, as Binance's own. */
export function madeCancelId(orderId: string): string {
  const digest = createHash('sha256').update(`cancel:${orderId}`).digest()
  let id = ''
  for (let i = 0; i < 22; i++) id += ALPHABET[digest[i]! % ALPHABET.length]
  return id
}

/** Remembers the name a cancel gave (before the cancel is submitted, so its report finds it). */
export function nameCancel(orderId: string, cancelId: string, now = Date.now()): void {
  for (const [id, entry] of named) {
    if (named.size < MAX_KEPT && now - entry.at < KEPT_MS) break
    named.delete(id)
  }
  named.set(orderId, {cancelId, at: now})
}

/** The client id of the cancel of an order: the name the cancel gave, or the one made for it. */
export function cancelIdOf(orderId: string): string {
  return named.get(orderId)?.cancelId ?? madeCancelId(orderId)
}
