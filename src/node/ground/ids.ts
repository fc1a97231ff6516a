/**
 * Time-ordered ids (UUIDv7, RFC 9562) for rows written on the trading path: orders, trades and
 * ledger rows. A v7 id starts with the millisecond clock, so a new row's unique-index entry lands at
 * the right edge of the B-tree instead of on a random page (a random v4 id dirties a page per insert
 * per index: docs/performance.md "What a durable order writes"). The 74 random bits come from a pooled
 * `randomFillSync` buffer: `uuid`'s own source asks the OS once per id (~5 µs each), pooled ~0.5 µs.
 * Passing our own random bytes turns off `uuid`'s monotonic counter, so we keep it here (RFC 9562
 * §6.2 method 1): ids made in one millisecond still sort in the order they were made, which is what
 * "newest first" listings (two deposits found in one block) rely on.
 *
 * `uuid` lays the bytes out, into a buffer of ours; the text is written from them into another buffer
 * of ours and read out as one string. `uuid`'s own text is made of sixteen two-digit strings joined,
 * ~0.5 KB of garbage per id; an id stays in its row until the batch commits, so with many commands
 * in flight every young-generation collection would copy those pieces (docs/performance.md
 * "bench:cluster").
 * test/node/ground/ids.test.ts checks the text against `uuid`'s for the same bytes.
 */
import {randomFillSync} from 'node:crypto'
import {v7} from 'uuid'

const POOL_IDS = 4096
const pool = Buffer.alloc(16 * POOL_IDS)
let offset = pool.length
let lastMsecs = -Infinity
let seq = 0

/** The random bytes of the id being made (copied out of the pool: no view object per id). */
const random = Buffer.alloc(16)
/** The id's bytes, as `uuid` lays them out. */
const bytes = Buffer.alloc(16)
/** The id's text, its dashes in place. */
const text = Buffer.from('00000000-0000-0000-0000-000000000000', 'latin1')
const HEX = Buffer.from('0123456789abcdef', 'latin1')
/** Where each byte's two hex digits go in the text. */
const DIGITS_AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34]

/** The canonical text (lowercase, dashed) of 16 bytes of a UUID. */
export function uuidText(from: Uint8Array): string {
  for (let i = 0; i < 16; i++) {
    const byte = from[i]!
    const at = DIGITS_AT[i]!
    text[at] = HEX[byte >>> 4]!
    text[at + 1] = HEX[byte & 0x0f]!
  }
  return text.toString('latin1', 0, 36)
}

/** A fresh UUIDv7 string. */
export function timeOrderedId(): string {
  if (offset === pool.length) {
    randomFillSync(pool)
    offset = 0
  }
  for (let i = 0; i < 16; i++) random[i] = pool[offset + i]!
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
  v7({random, msecs: lastMsecs, seq}, bytes, 0)
  return uuidText(bytes)
}
