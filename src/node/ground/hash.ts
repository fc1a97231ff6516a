/**
 * 32-bit string hashing for in-memory tables (a Bloom filter of client order ids, the replay guard's
 * table): FNV-1a over a string's UTF-16 code units, continued from any hash so that several strings
 * chain, and MurmurHash3's finalizer, so that the low bits a table's mask keeps depend on every
 * character. Not for anything an adversary must not be able to collide.
 */

/** FNV-1a's offset basis: the usual start of `fnv1a`. */
export const FNV_OFFSET = 0x811c9dc5

/** `hash` continued over `text` by FNV-1a (32 bits; start from FNV_OFFSET or any other basis). */
export function fnv1a(hash: number, text: string): number {
  let h = hash
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h
}

/** MurmurHash3's 32-bit finalizer: every input bit moves every output bit. */
export function avalanche(hash: number): number {
  let h = hash
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h
}
