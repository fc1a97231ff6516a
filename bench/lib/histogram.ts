/**
 * A latency histogram: fixed-width buckets (exact to one `unit`) up to `units` units, and the rare
 * values above kept one by one, so every percentile is exact to the bucket width and recording
 * allocates nothing. Values are in nanoseconds.
 */
export class Histogram {
  private readonly counts: Uint32Array
  private readonly overflow: number[] = []
  count = 0
  min = Infinity
  max = 0
  private sum = 0

  /**
   * @param unitNs bucket width in ns (1 for engine operations, 1000 for commands committed to disk)
   * @param units number of buckets; values from `unitNs * units` on are kept individually
   */
  constructor(
    readonly unitNs = 1,
    units = 1_000_000,
  ) {
    this.counts = new Uint32Array(units)
  }

  record(ns: number): void {
    const bucket = Math.floor(ns / this.unitNs)
    if (bucket < this.counts.length) this.counts[bucket < 0 ? 0 : bucket]!++
    else this.overflow.push(ns)
    this.count++
    this.sum += ns
    if (ns < this.min) this.min = ns
    if (ns > this.max) this.max = ns
  }

  get mean(): number {
    return this.count ? this.sum / this.count : 0
  }

  /** The smallest value v such that at least p% of the recorded values are <= v (upper edge of its bucket). */
  percentile(p: number): number {
    if (this.count === 0) return 0
    const rank = Math.max(1, Math.ceil((p / 100) * this.count))
    let seen = 0
    for (let i = 0; i < this.counts.length; i++) {
      seen += this.counts[i]!
      if (seen >= rank) return Math.min((i + 1) * this.unitNs, this.max)
    }
    const rest = [...this.overflow].sort((a, b) => a - b)
    return rest[rank - seen - 1] ?? this.max
  }

  /** p50/p90/p99/p99.9/max in ns. */
  summary(): {p50: number; p90: number; p99: number; p999: number; max: number; mean: number; count: number} {
    return {
      p50: this.percentile(50),
      p90: this.percentile(90),
      p99: this.percentile(99),
      p999: this.percentile(99.9),
      max: this.max,
      mean: this.mean,
      count: this.count,
    }
  }
}
