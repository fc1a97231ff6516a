/** Events per second over a sliding window of whole seconds (the writer's commits, for `exchange status`). */
export class RateMeter {
  private readonly counts: Int32Array
  private readonly seconds: Float64Array

  constructor(
    private readonly windowSeconds = 10,
    private readonly now: () => number = Date.now,
  ) {
    this.counts = new Int32Array(windowSeconds)
    this.seconds = new Float64Array(windowSeconds).fill(-1)
  }

  /** Counts one event now. */
  mark(): void {
    const second = Math.floor(this.now() / 1000)
    const slot = second % this.windowSeconds
    if (this.seconds[slot] !== second) {
      this.seconds[slot] = second
      this.counts[slot] = 0
    }
    this.counts[slot]! += 1
  }

  /** Events per second over the last `windowSeconds` whole seconds, as a decimal string with one digit. */
  perSecond(): string {
    const current = Math.floor(this.now() / 1000)
    let total = 0
    for (let slot = 0; slot < this.windowSeconds; slot++) {
      const second = this.seconds[slot]!
      if (second > current - this.windowSeconds && second <= current) total += this.counts[slot]!
    }
    return (Math.round((total * 10) / this.windowSeconds) / 10).toFixed(1)
  }
}
