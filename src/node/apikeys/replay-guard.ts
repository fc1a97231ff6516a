/**
 * A signed request is accepted once (docs/rest.md "Replayed requests"): the same signature for the same key inside its
 * receive window is a replay. The guard remembers every accepted signature until no window could
 * still admit its timestamp: X-Recv-Window is not covered by the signature, so a request captured
 * under a 5 s window replays by adding `X-Recv-Window: 60000`. Entries therefore live for the
 * largest window whatever the request claimed, plus the second a client clock may run ahead.
 *
 * In memory only, bounded by the request rate times that span; a restart forgets, which is safe
 * only because older timestamps are refused by the window anyway. O(1) per request.
 *
 * Kept off the JavaScript heap: an entry is a 64-bit hash of `keyId signature` and the second it
 * expires in, in one open-addressing table of 32-bit words. As strings in a Set, the entries of the
 * last minute were the largest thing a busy process held (a sequencer at 12k orders/s: ~730k strings,
 * ~150 MB) and every full garbage collection walked them all; as words they are never walked.
 * Expired entries stay in place until their slot is reused or the table is rebuilt, with the live
 * ones only, when it is half full (or mostly empty). Two different requests share a hash with a
 * probability of about 2^-63: with a million entries remembered, about one legitimate request in
 * 10^13 would be refused as a replay, which only asks its client to sign again.
 */

import {ExchangeError} from '../ground/errors.js'
import {avalanche, fnv1a, FNV_OFFSET} from '../ground/hash.js'

/** The refusal of a replay (400 `replayed_request`), wherever the guard stands (the node, a cluster edge). */
export const replayedRequest = (): ExchangeError =>
  new ExchangeError('replayed_request', 'this signed request was already accepted: sign every request with a new X-Timestamp')

/** The largest receive window (60 s, docs/rest.md "Signed requests") plus the 1 s a client clock may be ahead. */
export const REPLAY_MEMORY_MS = 60_000 + 1000

export class ReplayGuard {
  /** Three words per slot: the hash's high word (odd: 0 marks an empty slot), its low word, the second it expires in. */
  private slots = new Uint32Array(MIN_SLOTS * WORDS)
  private mask = MIN_SLOTS - 1
  /** Slots holding an entry, expired or not: what fills the table. */
  private used = 0
  /** Entries not expired yet, and how many expire in each second (at most ~62 seconds at once). */
  private live = 0
  private readonly expiring = new Map<number, number>()
  private sweptSecond = 0

  /**
   * Records a verified signature of `keyId` over `timestamp` (Unix ms); false when the same key
   * already had it accepted (a replay). Call only once the signature verified, so that a forged
   * request can never take the place of the legitimate one.
   */
  accept(keyId: string, signature: string, timestamp: number, now = Date.now()): boolean {
    this.sweep(now)
    const second = this.sweptSecond
    hashEntry(keyId, signature)
    const high = hashed[0]!
    const low = hashed[1]!
    const slots = this.slots
    let reusable = -1
    let index = low & this.mask
    for (;;) {
      const at = index * WORDS
      const slotHigh = slots[at]!
      if (slotHigh === EMPTY) break
      if (slots[at + 2]! <= second) {
        if (reusable < 0) reusable = index
      } else if (slotHigh === high && slots[at + 1] === low) {
        return false
      }
      index = (index + 1) & this.mask
    }
    const expiry = Math.ceil((timestamp + REPLAY_MEMORY_MS) / 1000)
    if (reusable < 0) this.used++
    else index = reusable
    const at = index * WORDS
    slots[at] = high
    slots[at + 1] = low
    slots[at + 2] = expiry
    this.live++
    this.expiring.set(expiry, (this.expiring.get(expiry) ?? 0) + 1)
    if (this.used * 2 > this.mask + 1) this.rebuild()
    return true
  }

  /** How many signatures are remembered (tests, metrics). */
  get size(): number {
    return this.live
  }

  /** Counts out the entries of every second that has fully passed (their slots become reusable); at most once per second. */
  private sweep(now: number): void {
    const second = Math.floor(now / 1000)
    if (second === this.sweptSecond) return
    this.sweptSecond = second
    for (const [expiry, count] of this.expiring) {
      if (expiry > second) continue
      this.live -= count
      this.expiring.delete(expiry)
    }
    // After a burst, the table shrinks back with the entries.
    if (this.mask + 1 > MIN_SLOTS && this.live * 8 < this.mask + 1) this.rebuild()
  }

  /** A table of the live entries only, sized for them: at most a quarter full. */
  private rebuild(): void {
    const old = this.slots
    let size = MIN_SLOTS
    while (size < this.live * 4) size *= 2
    const slots = new Uint32Array(size * WORDS)
    const mask = size - 1
    for (let at = 0; at < old.length; at += WORDS) {
      if (old[at] === EMPTY || old[at + 2]! <= this.sweptSecond) continue
      let index = old[at + 1]! & mask
      while (slots[index * WORDS] !== EMPTY) index = (index + 1) & mask
      slots.set(old.subarray(at, at + WORDS), index * WORDS)
    }
    this.slots = slots
    this.mask = mask
    this.used = this.live
  }
}

const WORDS = 3
const EMPTY = 0
const MIN_SLOTS = 1 << 12

/** `hashEntry`'s answer: [high word (odd), low word]. */
const hashed = new Uint32Array(2)

/**
 * A 64-bit hash of `keyId signature` into `hashed`, without building the string: two FNV-1a hashes
 * from two bases, over the parts in both orders, each finished with MurmurHash3's finalizer (as the
 * client order ids' filter does, orders/client-ids.ts). The signatures are MACs, so the input is as
 * good as random.
 */
function hashEntry(keyId: string, signature: string): void {
  hashed[0] = avalanche(fnv1a(fnv1a(fnv1a(FNV_OFFSET, keyId), ' '), signature)) | 1
  hashed[1] = avalanche(fnv1a(fnv1a(fnv1a(0x5bd1e995, signature), ' '), keyId))
}
