/** What a book is made of: resting orders, each a node of its price level's doubly linked FIFO. */
import type {Side} from './types.js'

/** Free order nodes and levels kept for reuse, per book; beyond this, they are left to the GC. */
export const POOL_LIMIT = 1 << 16

export class RestingOrder {
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

export class Level {
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
