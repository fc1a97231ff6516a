/** One side of a book: its price levels sorted so that the best is last, and a map from price to level. */
import {IdMap} from './id-map.js'
import {Level, POOL_LIMIT} from './level.js'
import type {LevelView, Side} from './types.js'

export class BookSide {
  /** Sorted so the best level is last. */
  readonly levels: Level[] = []
  readonly byPrice = new IdMap<Level>()
  /** Bids: levels ascending by price (best = highest = last); asks descending. */
  private readonly ascending: boolean
  private free: Level | null = null
  private freeCount = 0

  constructor(readonly side: Side) {
    this.ascending = side === 'buy'
  }

  best(): Level | undefined {
    return this.levels[this.levels.length - 1]
  }

  levelFor(price: number): Level {
    const existing = this.byPrice.get(price)
    if (existing) return existing
    let level = this.free
    if (level) {
      this.free = level.nextFree
      this.freeCount--
      level.nextFree = null
      level.price = price
    } else {
      level = new Level(price)
    }
    this.byPrice.set(price, level)
    const levels = this.levels
    const last = levels.length - 1
    // The common case, a new best level, is a push.
    if (last < 0 || (this.ascending ? levels[last]!.price < price : levels[last]!.price > price)) {
      levels.push(level)
      return level
    }
    levels.splice(this.indexOf(price, last), 0, level)
    return level
  }

  /** Removes an empty level. */
  remove(level: Level): void {
    this.byPrice.delete(level.price)
    const levels = this.levels
    const last = levels.length - 1
    if (levels[last] === level) levels.pop()
    else levels.splice(this.indexOf(level.price, last), 1)
    if (this.freeCount < POOL_LIMIT) {
      level.head = level.tail = null
      level.total = level.count = 0
      level.nextFree = this.free
      this.free = level
      this.freeCount++
    }
  }

  /** Where a level at `price` is, or would be inserted, among levels[0, hi). */
  private indexOf(price: number, hi: number): number {
    const levels = this.levels
    const ascending = this.ascending
    let lo = 0
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const other = levels[mid]!.price
      if (ascending ? other < price : other > price) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}

export function levelViews(side: BookSide, depth: number): LevelView[] {
  const result: LevelView[] = []
  for (let i = side.levels.length - 1; i >= 0 && result.length < depth; i--) {
    const level = side.levels[i]!
    result.push([level.price, level.total])
  }
  return result
}

/** Whether `qty` can be filled at acceptable prices before meeting one of the account's own orders. */
export function fillable(opposite: BookSide, accountId: number, qty: number, buy: boolean, limit: number): boolean {
  let needed = qty
  for (let i = opposite.levels.length - 1; i >= 0; i--) {
    const level = opposite.levels[i]!
    if (buy ? level.price > limit : level.price < limit) return false
    for (let order = level.head; order; order = order.next) {
      if (order.accountId === accountId) return false
      needed -= order.remaining
      if (needed <= 0) return true
    }
  }
  return false
}
