/**
 * One order book: price-time priority, limit and market orders, partial fills, GTC/IOC/FOK,
 * post-only, self-trade prevention in four modes (types.ts SelfTradeMode), O(1) cancel, O(1) best
 * price. Pure: no I/O, no clock; commands in, events out — appended to the caller's array as
 * objects, or passed as calls to an EventSink (nothing allocated per event).
 *
 * Layout: per side, price levels in order in blocks of at most 512 (side.ts), so that the best
 * level is the LAST element (bids ascending, asks descending): taking or emptying the best level is
 * a pop(), and a new level far from the market moves one block, not the whole side. Each level is
 * a doubly linked FIFO of resting orders; a hash map from order id to its node makes cancel O(1),
 * another from price to level finds a level in O(1).
 *
 * Speed (docs/performance.md "bench:engine"): the hot path creates no closures and, with a sink, no
 * event objects; order nodes and level objects that leave the book are kept on free lists and
 * reused, so a book that churns at a steady size does not feed the garbage collector; the id and
 * price maps are open-addressing tables over typed arrays (IdMap) rather than Maps.
 */
import {IdMap} from './id-map.js'
import {POOL_LIMIT, RestingOrder} from './level.js'
import {BookSide, fillable, fromBest, levelViews} from './side.js'
import {ArraySink} from './sink.js'
import {StopBook} from './stops.js'
import type {EngineEvent, EventSink, LevelView, PlaceCommand, RestingView, SelfTradeMode, Side} from './types.js'

const NO_EVENTS: EngineEvent[] = []

export class OrderBook {
  /** Stop orders waiting for their trigger: not in the book (no depth, no matching) until the last price reaches them. */
  readonly stops = new StopBook()
  /** The price of the book's last trade, in ticks; 0 before the first (set by a rebuild from the store). */
  lastPrice = 0
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

  /** The resting quantity (lots) at one price of one side; 0 when there is no such level. */
  levelQty(side: Side, price: number): number {
    return (side === 'buy' ? this.bids : this.asks).byPrice.get(price)?.total ?? 0
  }

  /** Top `depth` aggregated levels per side, best first. */
  depth(depth: number): {bids: LevelView[]; asks: LevelView[]} {
    return {bids: levelViews(this.bids, depth), asks: levelViews(this.asks, depth)}
  }

  /** Every resting order in priority order (best level first, FIFO within a level), bids then asks. */
  *resting(): IterableIterator<RestingView> {
    for (const side of [this.bids, this.asks]) {
      for (const level of fromBest(side)) {
        for (let order = level.head; order; order = order.next) {
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
   * The resting orders a taker on `side` would meet, in the order it would meet them: `[price,
   * remaining lots]` each. An own order ends the walk where self-trade prevention would stop the
   * taker (`expire_taker`, `expire_both`), is passed over where it would be expired (`expire_maker`),
   * and is met like any other with `none`.
   */
  *makers(side: Side, accountId: number, selfTrade: SelfTradeMode = 'expire_taker'): IterableIterator<LevelView> {
    const opposite = side === 'buy' ? this.asks : this.bids
    for (const level of fromBest(opposite)) {
      for (let order = level.head; order; order = order.next) {
        if (order.accountId === accountId && selfTrade !== 'none') {
          if (selfTrade === 'expire_maker') continue
          return
        }
        yield [level.price, order.remaining]
      }
    }
  }

  /**
   * The fills a taker of `qty` lots on `side` would get, up to `limit` ticks, with own orders met as
   * `makers` meets them: [price, lots] pairs.
   */
  simulate(side: Side, accountId: number, qty: number, limit: number, selfTrade: SelfTradeMode = 'expire_taker'): LevelView[] {
    const opposite = side === 'buy' ? this.asks : this.bids
    const fills: LevelView[] = []
    let needed = qty
    for (const level of fromBest(opposite)) {
      if (needed <= 0) break
      if (side === 'buy' ? level.price > limit : level.price < limit) break
      for (let order = level.head; order && needed > 0; order = order.next) {
        if (order.accountId === accountId && selfTrade !== 'none') {
          if (selfTrade === 'expire_maker') continue
          return fills
        }
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
    const selfTrade = cmd.selfTrade ?? 'expire_taker'
    if (cmd.timeInForce === 'FOK' && !fillable(opposite, accountId, qty, buy, limit, selfTrade)) {
      sink.done(orderId, 'fok_not_fillable', qty)
      return
    }

    let remaining = qty
    let selfTraded = false
    match: while (remaining > 0) {
      const level = opposite.best()
      if (level === undefined) break
      const price = level.price
      if (buy ? price > limit : price < limit) break
      let maker = level.head
      while (maker !== null && remaining > 0) {
        if (maker.accountId === accountId && selfTrade !== 'none') {
          if (selfTrade === 'expire_taker') {
            selfTraded = true
            break match
          }
          // expire_maker and expire_both: the resting order ends; with expire_both the taker's remainder too.
          const next: RestingOrder | null = maker.next
          this.expire(maker, sink)
          maker = next
          if (selfTrade === 'expire_both') {
            selfTraded = true
            if (level.count === 0) opposite.remove(level)
            break match
          }
          continue
        }
        const take = maker.remaining < remaining ? maker.remaining : remaining
        maker.remaining -= take
        level.total -= take
        remaining -= take
        sink.trade(maker.id, maker.accountId, orderId, accountId, side, price, take, maker.remaining)
        this.lastPrice = price
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
    } else if (selfTraded) {
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

  /** Takes a resting order out of its level (which the caller removes if it empties) for self-trade prevention. */
  private expire(order: RestingOrder, sink: EventSink): void {
    const remaining = order.remaining
    order.level.unlink(order)
    this.orders.delete(order.id)
    this.release(order)
    sink.done(order.id, 'self_trade', remaining)
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
