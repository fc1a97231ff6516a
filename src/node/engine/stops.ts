/**
 * The stop orders of one book waiting for their trigger: two heaps keyed by stop price, one per
 * direction, so that finding the stops a trade has triggered costs O(1) per look and O(log n) per
 * stop taken out, whatever the number of stops waiting.
 *
 * A stop `rise`s when the last trade price reaches its stop price from below (last >= stop: a buy
 * stop-loss, a sell take-profit) and `fall`s when it reaches it from above (last <= stop: a sell
 * stop-loss, a buy take-profit). Triggered stops come out in the order the price met them — rising
 * stops lowest first, falling stops highest first — and, at one stop price, oldest (lowest id)
 * first; when both heaps hold a triggered stop, the older of the two comes first. Pure and
 * deterministic: the same adds, removes and prices give the same order, on every node.
 */

export type StopDirection = 'rise' | 'fall'

/** A waiting stop: its order id (time priority), its account (for cancel-all), its stop price in ticks. */
export type WaitingStop = {orderId: number; accountId: number; direction: StopDirection; stopPrice: number}

type Entry = WaitingStop & {position: number}

export class StopBook {
  private readonly rising = new StopHeap('rise')
  private readonly falling = new StopHeap('fall')
  private readonly byId = new Map<number, Entry>()

  /** Adds a waiting stop. */
  add(orderId: number, accountId: number, direction: StopDirection, stopPrice: number): void {
    if (this.byId.has(orderId)) throw new Error(`stop ${orderId} is already waiting`)
    const entry: Entry = {orderId, accountId, direction, stopPrice, position: 0}
    this.byId.set(orderId, entry)
    this.heapOf(direction).push(entry)
  }

  /** Takes a waiting stop out (a cancel); false when it is not waiting. */
  remove(orderId: number): boolean {
    const entry = this.byId.get(orderId)
    if (!entry) return false
    this.byId.delete(orderId)
    this.heapOf(entry.direction).delete(entry)
    return true
  }

  has(orderId: number): boolean {
    return this.byId.has(orderId)
  }

  get size(): number {
    return this.byId.size
  }

  /**
   * The next stop that a last trade price of `last` ticks triggers, taken out of the book; undefined
   * when none is triggered.
   */
  next(last: number): number | undefined {
    const up = this.rising.top()
    const down = this.falling.top()
    const upDue = up !== undefined && last >= up.stopPrice
    const downDue = down !== undefined && last <= down.stopPrice
    let chosen: Entry
    if (upDue && downDue) chosen = up.orderId < down.orderId ? up : down
    else if (upDue) chosen = up
    else if (downDue) chosen = down
    else return undefined
    this.byId.delete(chosen.orderId)
    this.heapOf(chosen.direction).delete(chosen)
    return chosen.orderId
  }

  /** Whether a stop in `direction` at `stopPrice` would trigger at once at a last price of `last`. */
  static due(direction: StopDirection, stopPrice: number, last: number): boolean {
    return direction === 'rise' ? last >= stopPrice : last <= stopPrice
  }

  /** The waiting stops of an account, oldest first. */
  ofAccount(accountId: number): WaitingStop[] {
    const mine: WaitingStop[] = []
    for (const entry of this.byId.values()) if (entry.accountId === accountId) mine.push(entry)
    return mine.sort((a, b) => a.orderId - b.orderId)
  }

  private heapOf(direction: StopDirection): StopHeap {
    return direction === 'rise' ? this.rising : this.falling
  }
}

/**
 * A binary heap of stops with each entry's position kept on it, so that any entry is deleted in
 * O(log n). Rising: least stop price first; falling: greatest first; equal prices: least id first.
 */
class StopHeap {
  private readonly entries: Entry[] = []

  constructor(private readonly direction: StopDirection) {}

  top(): Entry | undefined {
    return this.entries[0]
  }

  push(entry: Entry): void {
    entry.position = this.entries.length
    this.entries.push(entry)
    this.up(entry.position)
  }

  delete(entry: Entry): void {
    const entries = this.entries
    const last = entries.pop()!
    if (last === entry) return
    const at = entry.position
    entries[at] = last
    last.position = at
    this.down(at)
    this.up(last.position)
  }

  /** Whether `a` comes out before `b`. */
  private before(a: Entry, b: Entry): boolean {
    if (a.stopPrice !== b.stopPrice) return this.direction === 'rise' ? a.stopPrice < b.stopPrice : a.stopPrice > b.stopPrice
    return a.orderId < b.orderId
  }

  private up(at: number): void {
    const entries = this.entries
    const entry = entries[at]!
    while (at > 0) {
      const parentAt = (at - 1) >> 1
      const parent = entries[parentAt]!
      if (!this.before(entry, parent)) break
      entries[at] = parent
      parent.position = at
      at = parentAt
    }
    entries[at] = entry
    entry.position = at
  }

  private down(at: number): void {
    const entries = this.entries
    const size = entries.length
    const entry = entries[at]!
    for (;;) {
      const left = 2 * at + 1
      if (left >= size) break
      const right = left + 1
      const child = right < size && this.before(entries[right]!, entries[left]!) ? right : left
      if (!this.before(entries[child]!, entry)) break
      entries[at] = entries[child]!
      entries[at]!.position = at
      at = child
    }
    entries[at] = entry
    entry.position = at
  }
}
