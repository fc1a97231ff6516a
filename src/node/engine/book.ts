/**
 * One order book: price-time priority, limit and market orders, partial fills, GTC/IOC/FOK,
 * post-only, self-trade prevention (the incoming remainder is cancelled), O(1) cancel, O(1) best
 * price. Pure: no I/O, no clock; commands in, events out — appended to the caller's array as
 * objects, or passed as calls to an EventSink (nothing allocated per event).
 *
 * Layout: per side, an array of price levels sorted so that the best level is the LAST element
 * (bids ascending, asks descending): taking or emptying the best level is a pop(). Each level is
 * a doubly linked FIFO of resting orders; a hash map from order id to its node makes cancel O(1),
 * another from price to level finds a level in O(1).
 *
 * Speed (bench/engine, docs/performance.md): the hot path creates no closures and, with a sink, no
 * event objects; order nodes and level objects that leave the book are kept on free lists and
 * reused, so a book that churns at a steady size does not feed the garbage collector; the id and
 * price maps are open-addressing tables over typed arrays (IdMap) rather than Maps.
 */
import type {DoneReason, EngineEvent, EventSink, LevelView, PlaceCommand, RejectReason, RestingView, Side} from './types.js'

/** Free order nodes and levels kept for reuse, per book; beyond this, they are left to the GC. */
const POOL_LIMIT = 1 << 16

/**
 * A hash map from integer keys (order ids, prices in ticks) to objects: open addressing with linear
 * probing and backward-shift deletion over a typed key array, about twice as fast as a Map when keys
 * come and go all the time. Keys that are not uint32 (never the case for order sequence numbers or
 * realistic ticks) go to an ordinary Map, so any number behaves as it would as a Map key.
 */
class IdMap<T extends object> {
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

class RestingOrder {
  prev: RestingOrder | null = null
  next: RestingOrder | null = null

  constructor(
    public id: number,
    public accountId: number,
    public side: Side,
    public level: Level,
    public remaining: number,
    /** When it came to rest, in the book's own count: cancelAll goes in this order. */
    public seq: number,
  ) {}
}

class Level {
  head: RestingOrder | null = null
  tail: RestingOrder | null = null
  total = 0
  count = 0
  /** Next free level, while on the free list. */
  nextFree: Level | null = null

  constructor(public price: number) {}

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

/** Turns sink calls into event objects appended to an array: the array form of the API. */
class ArraySink implements EventSink {
  out: EngineEvent[] = []

  trade(
    makerOrderId: number,
    makerAccountId: number,
    takerOrderId: number,
    takerAccountId: number,
    takerSide: Side,
    price: number,
    qty: number,
    makerRemaining: number,
  ): void {
    this.out.push({
      type: 'trade',
      makerOrderId,
      makerAccountId,
      takerOrderId,
      takerAccountId,
      takerSide,
      price,
      qty,
      makerRemaining,
    })
  }

  rested(orderId: number, remaining: number): void {
    this.out.push({type: 'rested', orderId, remaining})
  }

  done(orderId: number, reason: DoneReason, remaining: number): void {
    this.out.push({type: 'done', orderId, reason, remaining})
  }

  rejected(orderId: number, reason: RejectReason): void {
    this.out.push({type: 'rejected', orderId, reason})
  }
}

const NO_EVENTS: EngineEvent[] = []

export class OrderBook {
  private readonly bids = new BookSide('buy')
  private readonly asks = new BookSide('sell')
  private readonly orders = new IdMap<RestingOrder>()
  private readonly arraySink = new ArraySink()
  private restCount = 0
  private freeOrders: RestingOrder | null = null
  private freeOrderCount = 0

  /**
   * Places an order; its trades and its fate (rested or done) go to `out`: appended to an array as
   * event objects, or called on an EventSink.
   */
  place(cmd: PlaceCommand, out: EngineEvent[] | EventSink): void {
    if (Array.isArray(out)) {
      const sink = this.arraySink
      sink.out = out
      this.execute(cmd, sink)
      sink.out = NO_EVENTS
    } else {
      this.execute(cmd, out)
    }
  }

  /** Cancels a resting order. */
  cancel(orderId: number, out: EngineEvent[] | EventSink): void {
    if (Array.isArray(out)) {
      const sink = this.arraySink
      sink.out = out
      this.remove(orderId, sink)
      sink.out = NO_EVENTS
    } else {
      this.remove(orderId, out)
    }
  }

  /** Cancels every resting order of an account; returns how many. */
  cancelAll(accountId: number, out: EngineEvent[] | EventSink): number {
    const mine = this.orders
      .all()
      .filter((order) => order.accountId === accountId)
      .sort((a, b) => a.seq - b.seq)
    for (const order of mine) this.cancel(order.id, out)
    return mine.length
  }

  /** Rests an order directly, without matching (rebuilding a book from the store, in priority order). */
  restore(order: RestingView): void {
    this.restoreOrder(order.orderId, order.accountId, order.side, order.price, order.remaining)
  }

  /** `restore` with the fields as arguments: a rebuild of a million orders makes no object per order. */
  restoreOrder(orderId: number, accountId: number, side: Side, price: number, remaining: number): void {
    if (this.orders.has(orderId)) throw new Error(`order ${orderId} is already in the book`)
    this.rest(orderId, accountId, side, price, remaining)
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
    return {bids: levelViews(this.bids, depth), asks: levelViews(this.asks, depth)}
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

  private execute(cmd: PlaceCommand, sink: EventSink): void {
    const orderId = cmd.orderId
    if (this.orders.has(orderId)) {
      sink.rejected(orderId, 'duplicate_order_id')
      return
    }
    const isMarket = cmd.type === 'market'
    const qty = cmd.qty
    if (!(qty > 0) || !Number.isSafeInteger(qty) || (!isMarket && (!(cmd.price > 0) || !Number.isSafeInteger(cmd.price)))) {
      sink.rejected(orderId, 'invalid_order')
      return
    }
    const side = cmd.side
    const accountId = cmd.accountId
    const buy = side === 'buy'
    const opposite = buy ? this.asks : this.bids
    const limit = isMarket ? (buy ? Number.MAX_SAFE_INTEGER : 0) : cmd.price

    if (cmd.postOnly && !isMarket) {
      const best = opposite.best()
      if (best && (buy ? best.price <= limit : best.price >= limit)) {
        sink.done(orderId, 'post_only_would_cross', qty)
        return
      }
    }
    if (cmd.timeInForce === 'FOK' && !fillable(opposite, accountId, qty, buy, limit)) {
      sink.done(orderId, 'fok_not_fillable', qty)
      return
    }

    let remaining = qty
    let selfTrade = false
    const levels = opposite.levels
    match: while (remaining > 0 && levels.length > 0) {
      const level = levels[levels.length - 1]!
      const price = level.price
      if (buy ? price > limit : price < limit) break
      let maker = level.head
      while (maker !== null && remaining > 0) {
        if (maker.accountId === accountId) {
          selfTrade = true
          break match
        }
        const take = maker.remaining < remaining ? maker.remaining : remaining
        maker.remaining -= take
        level.total -= take
        remaining -= take
        sink.trade(maker.id, maker.accountId, orderId, accountId, side, price, take, maker.remaining)
        const next: RestingOrder | null = maker.next
        if (maker.remaining === 0) {
          level.unlink(maker)
          this.orders.delete(maker.id)
          this.release(maker)
        }
        maker = next
      }
      if (level.count === 0) opposite.remove(level)
    }

    if (remaining === 0) {
      sink.done(orderId, 'filled', 0)
    } else if (selfTrade) {
      sink.done(orderId, 'self_trade', remaining)
    } else if (isMarket || cmd.timeInForce !== 'GTC') {
      sink.done(orderId, 'expired', remaining)
    } else {
      this.rest(orderId, accountId, side, cmd.price, remaining)
      sink.rested(orderId, remaining)
    }
  }

  private remove(orderId: number, sink: EventSink): void {
    const order = this.orders.get(orderId)
    if (!order) {
      sink.rejected(orderId, 'unknown_order')
      return
    }
    const remaining = order.remaining
    const level = order.level
    level.unlink(order)
    this.orders.delete(orderId)
    if (level.count === 0) (order.side === 'buy' ? this.bids : this.asks).remove(level)
    this.release(order)
    sink.done(orderId, 'cancelled', remaining)
  }

  private rest(orderId: number, accountId: number, side: Side, price: number, remaining: number): void {
    const level = (side === 'buy' ? this.bids : this.asks).levelFor(price)
    let order = this.freeOrders
    if (order) {
      this.freeOrders = order.next
      this.freeOrderCount--
      order.next = null
      order.id = orderId
      order.accountId = accountId
      order.side = side
      order.level = level
      order.remaining = remaining
      order.seq = this.restCount++
    } else {
      order = new RestingOrder(orderId, accountId, side, level, remaining, this.restCount++)
    }
    level.push(order)
    this.orders.set(orderId, order)
  }

  /** Puts a node that has left the book on the free list (it is unlinked: prev and next are null). */
  private release(order: RestingOrder): void {
    if (this.freeOrderCount >= POOL_LIMIT) return
    order.next = this.freeOrders
    this.freeOrders = order
    this.freeOrderCount++
  }
}

function levelViews(side: BookSide, depth: number): LevelView[] {
  const result: LevelView[] = []
  for (let i = side.levels.length - 1; i >= 0 && result.length < depth; i--) {
    const level = side.levels[i]!
    result.push([level.price, level.total])
  }
  return result
}

/** Whether `qty` can be filled at acceptable prices before meeting one of the account's own orders. */
function fillable(opposite: BookSide, accountId: number, qty: number, buy: boolean, limit: number): boolean {
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
