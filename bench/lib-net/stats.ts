/**
 * Small numeric helpers of the network benchmarks: best and median of repeated runs, ms formatting,
 * argv flags. Numbers, tables and the machine line come from the shared bench/lib/report.ts.
 */
export {int, machine, met, table} from '../lib/report.js'

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Best of runs: the highest for a throughput, the lowest for a latency. */
export const best = (values: number[], higherIsBetter: boolean): number =>
  higherIsBetter ? Math.max(...values) : Math.min(...values)

/**
 * One figure over repeated runs, as the summary tables print it: the best (highest when `higher`,
 * lowest otherwise; "-" when `higher` is undefined: a descriptive figure), the median, every run.
 */
export function runColumns<Run>(
  runs: readonly Run[],
  pick: (run: Run) => number,
  higher: boolean | undefined,
  fmt: (n: number) => string,
): string[] {
  const values = runs.map(pick)
  return [higher === undefined ? '-' : fmt(best(values, higher)), fmt(median(values)), values.map(fmt).join(' / ')]
}

export const ms = (n: number): string => `${n.toFixed(n < 10 ? 2 : 1)} ms`

/** `--name value` or `--name=value` from argv; `--name` alone is "true". */
export function flag(name: string, fallback: string): string {
  const args = process.argv.slice(2)
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === `--${name}`) {
      const next = args[i + 1]
      return next === undefined || next.startsWith('--') ? 'true' : next
    }
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3)
  }
  return fallback
}

/**
 * Exact percentiles of latencies recorded in integer buckets of `unit` (ms by default): counts in
 * a typed array, so recording millions of values allocates nothing.
 */
export class Buckets {
  private readonly counts: Float64Array
  count = 0
  max = 0

  constructor(private readonly size = 60_000) {
    this.counts = new Float64Array(size + 1)
  }

  record(value: number, times = 1): void {
    const v = value < 0 ? 0 : value
    const i = v >= this.size ? this.size : Math.floor(v)
    this.counts[i]! += times
    this.count += times
    if (v > this.max) this.max = v
  }

  merge(counts: ArrayLike<number>, max: number): void {
    for (let i = 0; i < counts.length && i <= this.size; i++) {
      this.counts[i]! += counts[i]!
      this.count += counts[i]!
    }
    if (max > this.max) this.max = max
  }

  snapshot(): {counts: number[]; max: number} {
    let last = this.size
    while (last > 0 && this.counts[last] === 0) last--
    return {counts: Array.from(this.counts.subarray(0, last + 1)), max: this.max}
  }

  /** The smallest bucket value v with at least p% of the values <= v (bucket upper edge: v + 1 unit). */
  percentile(p: number): number {
    if (this.count === 0) return 0
    const rank = Math.max(1, Math.ceil((p / 100) * this.count))
    let seen = 0
    for (let i = 0; i < this.counts.length; i++) {
      seen += this.counts[i]!
      if (seen >= rank) return i
    }
    return this.size
  }
}
