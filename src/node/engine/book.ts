/**
 * One order book: price-time priority, limit and market orders, partial fills, GTC/IOC/FOK,
 * post-only, self-trade prevention (the incoming remainder is cancelled), O(1) cancel, O(1) best
 * price. Pure: no I/O, no clock; commands in, events out (appended to the caller's array).
 *
 * Layout: per side, an array of price levels sorted so that the best level is the LAST element
 * (bids ascending, asks descending): taking or emptying the best level is a pop(). Each level is
 * a doubly linked FIFO of resting orders; a Map from order id to its node makes cancel O(1).
 */
import type {DoneReason, EngineEvent, LevelView, PlaceCommand, RestingView, Side} from './types.js'

class RestingOrder {
  prev: RestingOrder | null = null
  next: RestingOrder | null = null

  constructor(
    readonly id: number,
    readonly accountId: number,
    readonly side: Side,
    readonly level: Level,
    public remaining: number,
  ) {}
}

class Level {
  head: RestingOrder | null = null
  tail: RestingOrder | null = null
  total = 0
  count = 0

  constructor(readonly price: number) {}

  push(order: RestingOrder): void {
    order.prev = this.tail
    if (this.tail) this.tail.next = order
    else this.head = order
    this.tail = order
    this.total += order.remaining
    this.count++
  }

  unlink(order: RestingOrder): void {
    if (order.prev) order.prev.next = order.next
    else this.head = order.next
    if (order.next) order.next.prev = order.prev
    else this.tail = order.prev
    order.prev = order.next = null
    this.total -= order.remaining
    this.count--
  }
}

class BookSide {
  /** Sorted so the best level is last. */
  readonly levels: Level[] = []
  readonly byPrice = new Map<number, Level>()

  /** `better(a, b)`: a is a better price than b for this side. */
  constructor(readonly side: Side) {}

  best(): Level | undefined {
    return this.levels[this.levels.length - 1]
  }

  levelFor(price: number): Level {
    let level = this.byPrice.get(price)
    if (level) return level
    level = new Level(price)
    this.byPrice.set(price, level)
    const levels = this.levels
    // Binary search for the insert position; the common case (a new best or near-best) is at the end.
    let lo = 0
    let hi = levels.length
    const ascending = this.side === 'buy'
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const other = levels[mid]!.price
      if (ascending ? other < price : other > price) lo = mid + 1
      else hi = mid
    }
    if (lo === levels.length) levels.push(level)
    else levels.splice(lo, 0, level)
    return level
  }

  remove(level: Level): void {
    this.byPrice.delete(level.price)
    const levels = this.levels
    const last = levels.length - 1
    if (levels[last] === level) {
      levels.pop()
      return
    }
    let lo = 0
    let hi = last
    const ascending = this.side === 'buy'
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const other = levels[mid]!.price
      if (ascending ? other < level.price : other > level.price) lo = mid + 1
      else hi = mid
    }
    levels.splice(lo, 1)
  }
}

export class OrderBook {
  private readonly bids = new BookSide('buy')
  private readonly asks = new BookSide('sell')
  private readonly orders = new Map<number, RestingOrder>()

  /** Places an order; appends its trades and its fate (rested or done) to `out`. */
  place(cmd: PlaceCommand, out: EngineEvent[]): void {
    if (this.orders.has(cmd.orderId)) {
      out.push({type: 'rejected', orderId: cmd.orderId, reason: 'duplicate_order_id'})
      return
    }
    const isMarket = cmd.type === 'market'
    if (
      !(cmd.qty > 0) ||
      !Number.isSafeInteger(cmd.qty) ||
      (!isMarket && (!(cmd.price > 0) || !Number.isSafeInteger(cmd.price)))
    ) {
      out.push({type: 'rejected', orderId: cmd.orderId, reason: 'invalid_order'})
      return
    }
    const buy = cmd.side === 'buy'
    const opposite = buy ? this.asks : this.bids
    const limit = isMarket ? (buy ? Number.MAX_SAFE_INTEGER : 0) : cmd.price
    const crosses = (price: number) => (buy ? price <= limit : price >= limit)

    if (cmd.postOnly && !isMarket) {
      const best = opposite.best()
      if (best && crosses(best.price)) {
        out.push({type: 'done', orderId: cmd.orderId, reason: 'post_only_would_cross', remaining: cmd.qty})
        return
      }
    }
    if (cmd.timeInForce === 'FOK' && !this.fillable(opposite, cmd.accountId, cmd.qty, crosses)) {
      out.push({type: 'done', orderId: cmd.orderId, reason: 'fok_not_fillable', remaining: cmd.qty})
      return
    }

    let remaining = cmd.qty
    let stop: DoneReason | undefined
    match: while (remaining > 0) {
      const level = opposite.best()
      if (!level || !crosses(level.price)) break
      let maker = level.head
      while (maker && remaining > 0) {
        if (maker.accountId === cmd.accountId) {
          stop = 'self_trade'
          break match
        }
        const qty = maker.remaining < remaining ? maker.remaining : remaining
        maker.remaining -= qty
        level.total -= qty
        remaining -= qty
        out.push({
          type: 'trade',
          makerOrderId: maker.id,
          makerAccountId: maker.accountId,
          takerOrderId: cmd.orderId,
          takerAccountId: cmd.accountId,
          takerSide: cmd.side,
          price: level.price,
          qty,
          makerRemaining: maker.remaining,
        })
        const next: RestingOrder | null = maker.next
        if (maker.remaining === 0) {
          level.unlink(maker)
          this.orders.delete(maker.id)
        }
        maker = next
      }
      if (level.count === 0) opposite.remove(level)
    }

    if (remaining === 0) {
      out.push({type: 'done', orderId: cmd.orderId, reason: 'filled', remaining: 0})
    } else if (stop) {
      out.push({type: 'done', orderId: cmd.orderId, reason: stop, remaining})
    } else if (isMarket || cmd.timeInForce !== 'GTC') {
      out.push({type: 'done', orderId: cmd.orderId, reason: 'expired', remaining})
    } else {
      const side = buy ? this.bids : this.asks
      const level = side.levelFor(cmd.price)
      const order = new RestingOrder(cmd.orderId, cmd.accountId, cmd.side, level, remaining)
      level.push(order)
      this.orders.set(order.id, order)
      out.push({type: 'rested', orderId: cmd.orderId, remaining})
    }
  }

  /** Cancels a resting order. */
  cancel(orderId: number, out: EngineEvent[]): void {
    const order = this.orders.get(orderId)
    if (!order) {
      out.push({type: 'rejected', orderId, reason: 'unknown_order'})
      return
    }
    this.unrest(order)
    out.push({type: 'done', orderId, reason: 'cancelled', remaining: order.remaining})
  }

  /** Cancels every resting order of an account; returns how many. */
  cancelAll(accountId: number, out: EngineEvent[]): number {
    let cancelled = 0
    for (const order of [...this.orders.values()]) {
      if (order.accountId !== accountId) continue
      this.cancel(order.id, out)
      cancelled++
    }
    return cancelled
  }

  /** Rests an order directly, without matching (rebuilding a book from the store, in priority order). */
  restore(order: RestingView): void {
    if (this.orders.has(order.orderId)) throw new Error(`order ${order.orderId} is already in the book`)
    const side = order.side === 'buy' ? this.bids : this.asks
    const level = side.levelFor(order.price)
    const node = new RestingOrder(order.orderId, order.accountId, order.side, level, order.remaining)
    level.push(node)
    this.orders.set(node.id, node)
  }

  has(orderId: number): boolean {
    return this.orders.has(orderId)
  }

  /** Remaining lots of a resting order, or undefined. */
  remainingOf(orderId: number): number | undefined {
    return this.orders.get(orderId)?.remaining
  }

  get size(): number {
    return this.orders.size
  }

  bestBid(): number | undefined {
    return this.bids.best()?.price
  }

  bestAsk(): number | undefined {
    return this.asks.best()?.price
  }

  /** Top `depth` aggregated levels per side, best first. */
  depth(depth: number): {bids: LevelView[]; asks: LevelView[]} {
    const view = (side: BookSide): LevelView[] => {
      const result: LevelView[] = []
      for (let i = side.levels.length - 1; i >= 0 && result.length < depth; i--) {
        const level = side.levels[i]!
        result.push([level.price, level.total])
      }
      return result
    }
    return {bids: view(this.bids), asks: view(this.asks)}
  }

  /** Every resting order in priority order (best level first, FIFO within a level), bids then asks. */
  *resting(): IterableIterator<RestingView> {
    for (const side of [this.bids, this.asks]) {
      for (let i = side.levels.length - 1; i >= 0; i--) {
        for (let order = side.levels[i]!.head; order; order = order.next) {
          yield {
            orderId: order.id,
            accountId: order.accountId,
            side: order.side,
            price: order.level.price,
            remaining: order.remaining,
          }
        }
      }
    }
  }

  /**
   * The fills a taker of `qty` lots on `side` would get, up to `limit` ticks, stopping at the
   * account's own first order (where self-trade prevention would stop it): [price, lots] pairs.
   */
  simulate(side: Side, accountId: number, qty: number, limit: number): LevelView[] {
    const opposite = side === 'buy' ? this.asks : this.bids
    const fills: LevelView[] = []
    let needed = qty
    for (let i = opposite.levels.length - 1; i >= 0 && needed > 0; i--) {
      const level = opposite.levels[i]!
      if (side === 'buy' ? level.price > limit : level.price < limit) break
      for (let order = level.head; order && needed > 0; order = order.next) {
        if (order.accountId === accountId) return fills
        const take = order.remaining < needed ? order.remaining : needed
        fills.push([level.price, take])
        needed -= take
      }
    }
    return fills
  }

  private unrest(order: RestingOrder): void {
    const level = order.level
    level.unlink(order)
    this.orders.delete(order.id)
    if (level.count === 0) (order.side === 'buy' ? this.bids : this.asks).remove(level)
  }

  /** Whether `qty` can be filled at acceptable prices before meeting one of the account's own orders. */
  private fillable(opposite: BookSide, accountId: number, qty: number, crosses: (price: number) => boolean): boolean {
    let needed = qty
    for (let i = opposite.levels.length - 1; i >= 0; i--) {
      const level = opposite.levels[i]!
      if (!crosses(level.price)) return false
      for (let order = level.head; order; order = order.next) {
        if (order.accountId === accountId) return false
        needed -= order.remaining
        if (needed <= 0) return true
      }
    }
    return false
  }
}
