/**
 * Time-ordered ids (UUIDv7, RFC 9562) for rows written on the trading path: orders, trades and
 * ledger rows. A v7 id starts with the millisecond clock, so a new row's unique-index entry lands at
 * the right edge of the B-tree instead of on a random page (random v4 ids dirtied a page per insert
 * per index; bench/durable in docs/performance.md). The 74 random bits come from a pooled
 * `randomFillSync` buffer: `uuid`'s own source asks the OS once per id (~5 µs each), pooled ~0.5 µs.
 */
import {randomFillSync} from 'node:crypto'
import {v7} from 'uuid'

const POOL_IDS = 4096
const pool = Buffer.alloc(16 * POOL_IDS)
let offset = pool.length

/** A fresh UUIDv7 string. */
export function timeOrderedId(): string {
  if (offset === pool.length) {
    randomFillSync(pool)
    offset = 0
  }
  const random = pool.subarray(offset, offset + 16)
  offset += 16
  return v7({random})
}
