/**
 * Time-ordered ids (UUIDv7, RFC 9562) for rows written on the trading path: orders, trades and
 * ledger rows. A v7 id starts with the millisecond clock, so a new row's unique-index entry lands at
 * the right edge of the B-tree instead of on a random page (random v4 ids dirtied a page per insert
 * per index; bench/durable in docs/performance.md). The 74 random bits come from a pooled
 * `randomFillSync` buffer: `uuid`'s own source asks the OS once per id (~5 µs each), pooled ~0.5 µs.
 * Passing our own random bytes turns off `uuid`'s monotonic counter, so we keep it here (RFC 9562
 * §6.2 method 1): ids made in one millisecond still sort in the order they were made, which is what
 * "newest first" listings (two deposits found in one block) rely on.
 */
import {randomFillSync} from 'node:crypto'
import {v7} from 'uuid'

const POOL_IDS = 4096
const pool = Buffer.alloc(16 * POOL_IDS)
let offset = pool.length
let lastMsecs = -Infinity
let seq = 0

/** A fresh UUIDv7 string. */
export function timeOrderedId(): string {
  if (offset === pool.length) {
    randomFillSync(pool)
    offset = 0
  }
  const random = pool.subarray(offset, offset + 16)
  offset += 16
  const now = Date.now()
  if (now > lastMsecs) {
    lastMsecs = now
    // A random start in the lower half leaves room to count up within the millisecond.
    seq = random.readUInt32BE(6) & 0x3fffffff
  } else {
    seq = (seq + 1) | 0
    if (seq === 0) lastMsecs++
  }
  return v7({random, msecs: lastMsecs, seq})
}
