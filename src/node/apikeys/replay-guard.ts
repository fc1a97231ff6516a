/**
 * A signed request is accepted once (contract §3): the same signature for the same key inside its
 * receive window is a replay. The guard remembers every accepted signature until no window could
 * still admit its timestamp: X-Recv-Window is not covered by the signature, so a request captured
 * under a 5 s window replays by adding `X-Recv-Window: 60000`. Entries therefore live for the
 * largest window whatever the request claimed, plus the second a client clock may run ahead.
 *
 * In memory only, bounded by the request rate times that span; a restart forgets, which is safe
 * only because older timestamps are refused by the window anyway. O(1) per request: entries are
 * filed by the second they expire in, and the expired seconds are swept at most once a second.
 */

import {ExchangeError} from '../errors.js'

/** The refusal of a replay (400 `replayed_request`), wherever the guard stands (the node, a cluster edge). */
export const replayedRequest = (): ExchangeError =>
  new ExchangeError('replayed_request', 'this signed request was already accepted: sign every request with a new X-Timestamp')

/** The contract's largest receive window (60 s) plus the 1 s a client clock may be ahead. */
export const REPLAY_MEMORY_MS = 60_000 + 1000

export class ReplayGuard {
  /** `keyId signature` of every accepted request not yet expired. */
  private readonly seen = new Set<string>()
  /** Expiry second → the entries that expire within it (at most ~62 seconds are alive at once). */
  private readonly expiring = new Map<number, string[]>()
  private sweptSecond = 0

  /**
   * Records a verified signature of `keyId` over `timestamp` (Unix ms); false when the same key
   * already had it accepted (a replay). Call only once the signature verified, so that a forged
   * request can never take the place of the legitimate one.
   */
  accept(keyId: string, signature: string, timestamp: number, now = Date.now()): boolean {
    this.sweep(now)
    const entry = `${keyId} ${signature}`
    if (this.seen.has(entry)) return false
    this.seen.add(entry)
    const second = Math.ceil((timestamp + REPLAY_MEMORY_MS) / 1000)
    const bucket = this.expiring.get(second)
    if (bucket) bucket.push(entry)
    else this.expiring.set(second, [entry])
    return true
  }

  /** How many signatures are remembered (tests, metrics). */
  get size(): number {
    return this.seen.size
  }

  /** Forgets the entries of every second that has fully passed; runs at most once per second. */
  private sweep(now: number): void {
    const second = Math.floor(now / 1000)
    if (second === this.sweptSecond) return
    this.sweptSecond = second
    for (const [expiry, entries] of this.expiring) {
      if (expiry > second) continue
      for (const entry of entries) this.seen.delete(entry)
      this.expiring.delete(expiry)
    }
  }
}
