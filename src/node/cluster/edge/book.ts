/**
 * An edge's replica of one order book at price-level depth (L2): each level's total, with the
 * sequencer's update id (trading/book-updates.ts), so an edge answers depth and feeds the book
 * streams with the very ids the sequencer's REST depth gives (docs/binance-compat.md "Market streams": a client's diffs chain
 * onto `lastUpdateId` whichever process it asks).
 *
 * It starts from a snapshot (the sequencer's depth with its id) and applies the `book` events of the
 * stream in order: an event the snapshot already holds (`updateId <=` the snapshot's) is dropped; any
 * other sets its levels as they rest after it. The first id an update covers is one more than the last
 * one applied, as the sequencer publishes them (the ids of failed batches fall inside the next one).
 */
import type {LevelView} from '../../engine/types.js'

/** One side: prices best first, and the quantity at each. */
class Side {
  /** Prices, best first (descending for bids, ascending for asks). */
  private readonly prices: number[] = []
  private readonly qty = new Map<number, number>()

  constructor(private readonly descending: boolean) {}

  set(price: number, lots: number): void {
    const known = this.qty.has(price)
    if (lots === 0) {
      if (!known) return
      this.qty.delete(price)
      this.prices.splice(this.indexOf(price), 1)
      return
    }
    this.qty.set(price, lots)
    if (!known) this.prices.splice(this.indexOf(price), 0, price)
  }

  top(limit: number): LevelView[] {
    const out: LevelView[] = []
    for (let i = 0; i < this.prices.length && i < limit; i++) out.push([this.prices[i]!, this.qty.get(this.prices[i]!)!])
    return out
  }

  get size(): number {
    return this.prices.length
  }

  /** Where `price` is, or goes (binary search in best-first order). */
  private indexOf(price: number): number {
    let low = 0
    let high = this.prices.length
    while (low < high) {
      const mid = (low + high) >>> 1
      const better = this.descending ? this.prices[mid]! > price : this.prices[mid]! < price
      if (better) low = mid + 1
      else high = mid
    }
    return low
  }
}

export class EdgeBook {
  private readonly bids = new Side(true)
  private readonly asks = new Side(false)

  /** The update id of the book as this replica holds it. */
  updateId: number

  constructor(snapshot: {updateId: number; bids: LevelView[]; asks: LevelView[]}) {
    this.updateId = snapshot.updateId
    for (const [price, lots] of snapshot.bids) this.bids.set(price, lots)
    for (const [price, lots] of snapshot.asks) this.asks.set(price, lots)
  }

  /**
   * Applies an update that leaves the book at `updateId`; returns the first id it covers, or
   * undefined when the replica holds it already.
   */
  apply(update: {updateId: number; bids: LevelView[]; asks: LevelView[]}): number | undefined {
    if (update.updateId <= this.updateId) return undefined
    const first = this.updateId + 1
    for (const [price, lots] of update.bids) this.bids.set(price, lots)
    for (const [price, lots] of update.asks) this.asks.set(price, lots)
    this.updateId = update.updateId
    return first
  }

  /** The top `limit` levels of each side, best first (as `OrderBook.depth`). */
  depth(limit: number): {bids: LevelView[]; asks: LevelView[]} {
    return {bids: this.bids.top(limit), asks: this.asks.top(limit)}
  }

  get levels(): number {
    return this.bids.size + this.asks.size
  }
}
