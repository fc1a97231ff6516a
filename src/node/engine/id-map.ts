/**
 * A hash map from integer keys (order ids, prices in ticks) to objects: open addressing with linear
 * probing and backward-shift deletion over a typed key array, about twice as fast as a Map when keys
 * come and go all the time. Keys that are not uint32 (never the case for order sequence numbers or
 * realistic ticks) go to an ordinary Map, so any number behaves as it would as a Map key.
 */
export class IdMap<T extends object> {
  private keys = new Uint32Array(16)
  private values: (T | null)[] = new Array<T | null>(16).fill(null)
  private mask = 15
  /** 32 - log2(capacity): the top bits of a Fibonacci hash pick the home slot. */
  private shift = 28
  private used = 0
  private readonly other = new Map<number, T>()

  get size(): number {
    return this.used + this.other.size
  }

  get(key: number): T | undefined {
    if (key >>> 0 !== key) return this.other.get(key)
    const slot = this.find(key)
    return slot >= 0 ? this.values[slot]! : undefined
  }

  has(key: number): boolean {
    if (key >>> 0 !== key) return this.other.has(key)
    return this.find(key) >= 0
  }

  set(key: number, value: T): void {
    if (key >>> 0 !== key) {
      this.other.set(key, value)
      return
    }
    let slot = this.find(key)
    if (slot >= 0) {
      this.values[slot] = value
      return
    }
    slot = -1 - slot
    this.keys[slot] = key
    this.values[slot] = value
    if (++this.used * 2 > this.values.length) this.grow()
  }

  delete(key: number): void {
    if (key >>> 0 !== key) {
      this.other.delete(key)
      return
    }
    let hole = this.find(key)
    if (hole < 0) return
    const {keys, values, mask, shift} = this
    // Move back every following entry of the run whose home slot is not between the hole and it.
    for (let next = (hole + 1) & mask; values[next] !== null; next = (next + 1) & mask) {
      const home = Math.imul(keys[next]!, 0x9e3779b1) >>> shift
      if (next > hole ? home <= hole || home > next : home <= hole && home > next) {
        keys[hole] = keys[next]!
        values[hole] = values[next]!
        hole = next
      }
    }
    values[hole] = null
    this.used--
  }

  /** Every value, in no particular order. */
  all(): T[] {
    const result: T[] = []
    for (const value of this.values) if (value !== null) result.push(value)
    for (const value of this.other.values()) result.push(value)
    return result
  }

  /** The slot holding `key`, or -1 - the empty slot where it would go. */
  private find(key: number): number {
    const {keys, values, mask} = this
    let slot = Math.imul(key, 0x9e3779b1) >>> this.shift
    while (values[slot] !== null) {
      if (keys[slot] === key) return slot
      slot = (slot + 1) & mask
    }
    return -1 - slot
  }

  private grow(): void {
    const keys = this.keys
    const values = this.values
    const capacity = values.length * 2
    this.keys = new Uint32Array(capacity)
    this.values = new Array<T | null>(capacity).fill(null)
    this.mask = capacity - 1
    this.shift--
    this.used = 0
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!
      if (value !== null) this.set(keys[i]!, value)
    }
  }
}
