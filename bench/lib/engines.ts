/**
 * The two engines of bench/engine.ts behind one shape. Each converts the shared command list to
 * its own API objects before anything is timed (our PlaceCommand objects with integer ticks and
 * lots; nodejs-order-book's `limit` options with string ids), so the timed loops only call the
 * engine.
 *
 * Mapping to nodejs-order-book 10: gtc/ioc → `limit({id, side, size, price, timeInForce})`,
 * cancel → `cancel(id)`, move → `modify(id, {price, size})` (its modify is a cancel-replace that
 * matches if it crosses and loses time priority, like ours). It reports failures as values
 * (`err` on the response, `undefined` from cancel), never by throwing; the checking pass counts them.
 * Our move is `cancel(id)` then `place` of the same id at the new price: two engine calls, one command.
 *
 * Our engine runs twice: with an EventSink that tallies the events (no event object is created), and
 * with an events array (one object per event, the form trading.ts uses), cleared between commands.
 */
import {OrderBook as TheirBook, Side as TheirSide, type LimitOrderOptions} from 'nodejs-order-book'
import type {OrderBook} from '../../src/node/engine/book.js'
import {product} from './product.js'

const book = await product<typeof import('../../src/node/engine/book.js')>('node/engine/book.js')
import type {EngineEvent, EventSink, LevelView, PlaceCommand, Side} from '../../src/node/engine/types.js'
import type {WorkloadCommand} from './workload.js'

const PLACE = 0
const CANCEL = 1
const MOVE = 2

export type Depth = {bids: LevelView[]; asks: LevelView[]}

/** One engine, ready to run a converted command list. */
export interface Engine<Book, Op> {
  readonly name: string
  newBook(): Book
  convert(commands: WorkloadCommand[]): Op[]
  /** Runs ops [from, to) with no timing; returns a checksum so the work cannot be skipped. */
  run(book: Book, ops: Op[], from: number, to: number): number
  /** Runs one op. */
  step(book: Book, op: Op): number
  /** Runs ops, counting refusals (unknown order, invalid...): the workload should have none. */
  check(book: Book, ops: Op[]): number
  depth(book: Book): Depth
  /** Throws when the book is not as the passes must leave it (bench/lib/stops.ts: every stop still waiting). */
  verify?(book: Book): void
}

export type OurOp = {kind: number; id: number; place: PlaceCommand}

const NO_PLACE: PlaceCommand = {
  orderId: 0,
  accountId: 0,
  side: 'buy',
  type: 'limit',
  price: 1,
  qty: 1,
  timeInForce: 'GTC',
  postOnly: false,
}

/** Tallies events as a consumer would read them: counts, traded lots, last price; allocates nothing. */
export class TallySink implements EventSink {
  events = 0
  lots = 0
  lastPrice = 0
  refused = 0

  trade(
    _makerOrderId: number,
    _makerAccountId: number,
    _takerOrderId: number,
    _takerAccountId: number,
    _takerSide: Side,
    price: number,
    qty: number,
  ): void {
    this.events++
    this.lots += qty
    this.lastPrice = price
  }

  rested(): void {
    this.events++
  }

  done(): void {
    this.events++
  }

  rejected(): void {
    this.events++
    this.refused++
  }
}

export class OurEngine implements Engine<OrderBook, OurOp> {
  readonly name: string
  /** Where the last command's events went (the array is cleared before each command). */
  readonly out: EngineEvent[] | TallySink

  /** @param events 'sink': events as calls on an EventSink; 'array': event objects in an array. */
  constructor(readonly events: 'sink' | 'array') {
    this.name = events === 'sink' ? 'exchange-node (sink)' : 'exchange-node (array)'
    this.out = events === 'sink' ? new TallySink() : []
  }

  newBook(): OrderBook {
    return new book.OrderBook()
  }

  convert(commands: WorkloadCommand[]): OurOp[] {
    return commands.map((c): OurOp => {
      if (c.kind === 'cancel') return {kind: CANCEL, id: c.orderId, place: NO_PLACE}
      const place: PlaceCommand = {
        orderId: c.orderId,
        accountId: c.accountId,
        side: c.side,
        type: 'limit',
        price: c.price,
        qty: c.qty,
        timeInForce: c.kind === 'ioc' ? 'IOC' : 'GTC',
        postOnly: false,
      }
      return {kind: c.kind === 'move' ? MOVE : PLACE, id: c.orderId, place}
    })
  }

  step(book: OrderBook, op: OurOp): number {
    const out = this.out
    if (Array.isArray(out)) out.length = 0
    if (op.kind === PLACE) {
      book.place(op.place, out)
    } else if (op.kind === CANCEL) {
      book.cancel(op.id, out)
    } else {
      book.cancel(op.id, out)
      book.place(op.place, out)
    }
    return Array.isArray(out) ? out.length : out.events
  }

  run(book: OrderBook, ops: OurOp[], from: number, to: number): number {
    let events = 0
    for (let i = from; i < to; i++) events += this.step(book, ops[i]!)
    return events
  }

  check(book: OrderBook, ops: OurOp[]): number {
    let refused = 0
    const out = this.out
    for (const op of ops) {
      const before = Array.isArray(out) ? 0 : out.refused
      this.step(book, op)
      if (Array.isArray(out)) {
        for (const event of out) if (event.type === 'rejected') refused++
      } else {
        refused += out.refused - before
      }
    }
    return refused
  }

  depth(book: OrderBook): Depth {
    return book.depth(Number.MAX_SAFE_INTEGER)
  }
}

type TheirOp = {kind: number; id: string; limit: LimitOrderOptions; update: {price: number; size: number}}

export class TheirEngine implements Engine<TheirBook, TheirOp> {
  readonly name = 'nodejs-order-book'

  newBook(): TheirBook {
    return new TheirBook()
  }

  convert(commands: WorkloadCommand[]): TheirOp[] {
    const none = {id: '', side: TheirSide.BUY, size: 1, price: 1} as LimitOrderOptions
    return commands.map((c): TheirOp => {
      const id = String(c.orderId)
      if (c.kind === 'cancel') return {kind: CANCEL, id, limit: none, update: {price: 0, size: 0}}
      if (c.kind === 'move') return {kind: MOVE, id, limit: none, update: {price: c.price, size: c.qty}}
      const limit = {
        id,
        side: c.side === 'buy' ? TheirSide.BUY : TheirSide.SELL,
        size: c.qty,
        price: c.price,
        timeInForce: c.kind === 'ioc' ? 'IOC' : 'GTC',
      } as LimitOrderOptions
      return {kind: PLACE, id, limit, update: {price: 0, size: 0}}
    })
  }

  step(book: TheirBook, op: TheirOp): number {
    if (op.kind === PLACE) return book.limit(op.limit).done.length
    if (op.kind === CANCEL) return book.cancel(op.id) === undefined ? 0 : 1
    return book.modify(op.id, op.update).done.length
  }

  run(book: TheirBook, ops: TheirOp[], from: number, to: number): number {
    let events = 0
    for (let i = from; i < to; i++) events += this.step(book, ops[i]!)
    return events
  }

  check(book: TheirBook, ops: TheirOp[]): number {
    let refused = 0
    for (const op of ops) {
      if (op.kind === PLACE) {
        if (book.limit(op.limit).err) refused++
      } else if (op.kind === CANCEL) {
        if (book.cancel(op.id) === undefined) refused++
      } else if (book.modify(op.id, op.update).err) {
        refused++
      }
    }
    return refused
  }

  depth(book: TheirBook): Depth {
    // depth() gives [asks, bids], each in ascending price order; ours is best first.
    const [asks, bids] = book.depth()
    const sorted = (levels: [number, number][], bestFirst: (a: number, b: number) => number) =>
      levels.map(([price, qty]): LevelView => [price, qty]).sort((a, b) => bestFirst(a[0], b[0]))
    return {bids: sorted(bids, (a, b) => b - a), asks: sorted(asks, (a, b) => a - b)}
  }
}
