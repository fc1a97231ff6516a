/**
 * The update ids of the books (docs/binance-compat.md "Market streams"): one counter per book, advanced by every batch that
 * changed the book, and the level changes of each batch. A batch's changes are the price levels
 * its commands touched, each with the quantity it rests there once the batch has run (0: the level
 * is gone), so a client that applies them in order to a snapshot of the same counter holds the
 * exact book.
 *
 * - `current(symbol)` is the id of the book as it is in memory: the last batch run on it. A
 *   snapshot (`Trading.depth`) reads the book and this id together, so it is exact.
 * - A batch's update gets its id when the batch has run (`seal`), and `U` (its first id) when it is
 *   published, after its commit (`publish`): `U` is one more than the last id published. Batches
 *   publish in the order they ran, so normally `U = u`; the ids of batches that failed and never
 *   published are covered by the next update, which repairs what they left (`repair`).
 * - Ids never go back while the node runs, nor across a restart in practice: each book starts at
 *   the start time in microseconds (a new start begins above the last id unless the book took more
 *   than one update per microsecond on average).
 */
import type {OrderBook} from '../engine/book.js'
import type {LevelView, Side} from '../engine/types.js'

/** Price levels (ticks) a batch touched, per book. */
export type TouchedLevels = Map<string, {bids: Set<number>; asks: Set<number>}>

/** A book's level changes, `[price ticks, lots]` (0 lots: the level is gone), with its ids once published. */
export type DepthUpdate = {
  symbol: string
  /** The first update id this covers (one more than the previous update's `lastUpdateId`). */
  firstUpdateId: number
  /** The book's update id after these changes. */
  lastUpdateId: number
  bids: LevelView[]
  asks: LevelView[]
}

type Counter = {assigned: number; published: number}

export class BookUpdates {
  private readonly counters = new Map<string, Counter>()
  private readonly seed: number

  constructor(
    private readonly markets: {book(symbol: string): OrderBook},
    nowMs = Date.now(),
  ) {
    this.seed = nowMs * 1000
  }

  /** The update id of the book as it is in memory. */
  current(symbol: string): number {
    return this.counter(symbol).assigned
  }

  /** Records that a batch changed the level at `price` on `side` of a book. */
  static touch(levels: TouchedLevels, symbol: string, side: Side, price: number): void {
    let book = levels.get(symbol)
    if (!book) levels.set(symbol, (book = {bids: new Set(), asks: new Set()}))
    ;(side === 'buy' ? book.bids : book.asks).add(price)
  }

  /** A batch has run: one update per book it changed, with the levels as they now rest, and the next id. */
  seal(levels: TouchedLevels): DepthUpdate[] {
    const updates: DepthUpdate[] = []
    for (const [symbol, touched] of levels) {
      const counter = this.counter(symbol)
      const lastUpdateId = ++counter.assigned
      updates.push({symbol, firstUpdateId: lastUpdateId, lastUpdateId, ...this.read(symbol, touched)})
    }
    return updates
  }

  /** A batch is committed and about to be published: its updates start after the last id published. */
  publish(updates: DepthUpdate[]): void {
    for (const update of updates) {
      const counter = this.counter(update.symbol)
      update.firstUpdateId = counter.published + 1
      counter.published = update.lastUpdateId
    }
  }

  /**
   * After failed batches, with their books put back as the store has them: one update per book
   * with every level those batches touched, as it now rests, under a new id — so a client whose
   * snapshot or updates included what never committed is put right. Published at once.
   */
  repair(levels: TouchedLevels): DepthUpdate[] {
    const updates = this.seal(levels)
    this.publish(updates)
    return updates
  }

  private read(symbol: string, touched: {bids: Set<number>; asks: Set<number>}): {bids: LevelView[]; asks: LevelView[]} {
    const book = this.markets.book(symbol)
    const side = (name: Side, prices: Set<number>): LevelView[] =>
      [...prices].sort((a, b) => (name === 'buy' ? b - a : a - b)).map((price) => [price, book.levelQty(name, price)])
    return {bids: side('buy', touched.bids), asks: side('sell', touched.asks)}
  }

  private counter(symbol: string): Counter {
    let counter = this.counters.get(symbol)
    if (!counter) this.counters.set(symbol, (counter = {assigned: this.seed, published: this.seed}))
    return counter
  }
}

/** Merges touched levels into `into`. */
export function mergeLevels(into: TouchedLevels, from: TouchedLevels): void {
  for (const [symbol, touched] of from) {
    for (const price of touched.bids) BookUpdates.touch(into, symbol, 'buy', price)
    for (const price of touched.asks) BookUpdates.touch(into, symbol, 'sell', price)
  }
}
