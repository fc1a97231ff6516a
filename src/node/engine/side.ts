/**
 * One side of a book: its price levels in order, and a map from price to level.
 *
 * The levels are kept in blocks of at most BLOCK_MAX, in order from the worst price to the best, so
 * that the best level is the last of the last block: taking or emptying it is a pop(). A new level
 * that is not the best is spliced into its block (a binary search over the blocks, then one within
 * the block), so a side with tens of thousands of levels — orders spread far from the market — costs
 * a move of at most BLOCK_MAX entries per new or emptied level, not of every level behind it (kept in
 * one sorted array, a side of ~15,000 levels, which bench:rest's book reaches, would move ~7,500
 * entries per new level on average).
 */
import {IdMap} from './id-map.js'
import {Level, POOL_LIMIT} from './level.js'
import type {LevelView, SelfTradeMode, Side} from './types.js'

/** A block splits in two halves beyond this many levels. */
const BLOCK_MAX = 512

export class BookSide {
  /** Blocks of levels, worst to best; each block worst to best; no block is empty. */
  readonly blocks: Level[][] = []
  readonly byPrice = new IdMap<Level>()
  /** Bids: levels ascending by price (best = highest = last); asks descending. */
  private readonly ascending: boolean
  private free: Level | null = null
  private freeCount = 0

  constructor(readonly side: Side) {
    this.ascending = side === 'buy'
  }

  best(): Level | undefined {
    const blocks = this.blocks
    const last = blocks[blocks.length - 1]
    return last === undefined ? undefined : last[last.length - 1]
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
    const blocks = this.blocks
    const lastBlock = blocks[blocks.length - 1]
    // The common case, a new best level, is a push.
    if (lastBlock === undefined) {
      blocks.push([level])
      return level
    }
    if (this.before(lastBlock[lastBlock.length - 1]!.price, price)) {
      lastBlock.push(level)
      if (lastBlock.length > BLOCK_MAX) this.split(blocks.length - 1)
      return level
    }
    const b = this.blockOf(price)
    const block = blocks[b]!
    block.splice(this.indexOf(block, price), 0, level)
    if (block.length > BLOCK_MAX) this.split(b)
    return level
  }

  /** Removes an empty level. */
  remove(level: Level): void {
    this.byPrice.delete(level.price)
    const blocks = this.blocks
    let b = blocks.length - 1
    let block = blocks[b]!
    if (block[block.length - 1] === level) block.pop()
    else {
      b = this.blockOf(level.price)
      block = blocks[b]!
      block.splice(this.indexOf(block, level.price), 1)
    }
    if (block.length === 0) blocks.splice(b, 1)
    if (this.freeCount < POOL_LIMIT) {
      level.head = level.tail = null
      level.total = level.count = 0
      level.nextFree = this.free
      this.free = level
      this.freeCount++
    }
  }

  /** Whether price `a` comes before (is worse than) price `b` on this side. */
  private before(a: number, b: number): boolean {
    return this.ascending ? a < b : a > b
  }

  /** The block that holds `price`, or where it would go: the first whose best level is not before it. */
  private blockOf(price: number): number {
    const blocks = this.blocks
    let lo = 0
    let hi = blocks.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const block = blocks[mid]!
      if (this.before(block[block.length - 1]!.price, price)) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  /** Where a level at `price` is, or would be inserted, in `block`. */
  private indexOf(block: Level[], price: number): number {
    let lo = 0
    let hi = block.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.before(block[mid]!.price, price)) lo = mid + 1
      else hi = mid
    }
    return lo
  }

  private split(b: number): void {
    const block = this.blocks[b]!
    this.blocks.splice(b + 1, 0, block.splice(block.length >>> 1))
  }
}

export function levelViews(side: BookSide, depth: number): LevelView[] {
  const result: LevelView[] = []
  const blocks = side.blocks
  for (let b = blocks.length - 1; b >= 0; b--) {
    const block = blocks[b]!
    for (let i = block.length - 1; i >= 0; i--) {
      if (result.length >= depth) return result
      const level = block[i]!
      result.push([level.price, level.total])
    }
  }
  return result
}

/** Whether `qty` can be filled at acceptable prices before meeting one of the account's own orders. */
export function fillable(
  opposite: BookSide,
  accountId: number,
  qty: number,
  buy: boolean,
  limit: number,
  selfTrade: SelfTradeMode = 'expire_taker',
): boolean {
  let needed = qty
  const blocks = opposite.blocks
  for (let b = blocks.length - 1; b >= 0; b--) {
    const block = blocks[b]!
    for (let i = block.length - 1; i >= 0; i--) {
      const level = block[i]!
      if (buy ? level.price > limit : level.price < limit) return false
      for (let order = level.head; order; order = order.next) {
        if (order.accountId === accountId && selfTrade !== 'none') {
          // An own order ends the taker's run, unless only the resting one is expired (then it is passed over).
          if (selfTrade === 'expire_maker') continue
          return false
        }
        needed -= order.remaining
        if (needed <= 0) return true
      }
    }
  }
  return false
}

/** Every level of the side, best first. */
export function* fromBest(side: BookSide): IterableIterator<Level> {
  const blocks = side.blocks
  for (let b = blocks.length - 1; b >= 0; b--) {
    const block = blocks[b]!
    for (let i = block.length - 1; i >= 0; i--) yield block[i]!
  }
}
