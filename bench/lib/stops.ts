/**
 * Stop orders in bench/engine (issue 34): the engine must stay fast with stops waiting, and a trade
 * that triggers many of them must not take long.
 *
 * The trading service drives stops, not the book: after a command that traded it takes
 * `book.stops.next(book.lastPrice)` one at a time and places each triggered stop as the order it
 * carries, whose trades may move the last price and trigger more, until `next` returns undefined.
 * `cascade` below does exactly that, and both parts use it:
 *
 * 1. `StopsEngine`: our engine with `waitingStops` in every fresh book (added before anything is
 *    timed), at stop prices beyond the workload's price range on both sides (bench/lib/workload.ts
 *    `prices`), so that none triggers but every command that traded consults the stop book.
 *    `verify` throws if a stop left the book; `check` throws unless the stop book was consulted after
 *    exactly the commands the workload generator saw trade.
 * 2. `measureCascade`: one market sell that sets off `count` sell stops just below the market, each
 *    selling into bids deep enough to fill it and moving the price on to the next ones; the command
 *    and its whole cascade are timed as one, on fresh books, and the triggered count is checked.
 */
import type {OrderBook} from '../../src/node/engine/book.js'
import type {StopDirection} from '../../src/node/engine/stops.js'
import type {EngineEvent, EventSink, PlaceCommand, Side} from '../../src/node/engine/types.js'
import {OurEngine, type Depth, type Engine, type OurOp} from './engines.js'
import {collectGarbage, int} from './report.js'
import {product} from './product.js'
import {Random} from './random.js'
import type {WorkloadCommand} from './workload.js'

const engine = await product<typeof import('../../src/node/engine/book.js')>('node/engine/book.js')

/** Stops' order ids start here: the workload's start at 1 and stay far below. */
const FIRST_STOP_ID = 1_000_000_000
/** Stops belong to accounts of their own (the workload's are 1..1,000), so a triggered stop never self-trades. */
const FIRST_STOP_ACCOUNT = 2_001
const STOP_ACCOUNTS = 1_000
/** How far beyond the workload's price range the waiting stops spread, in ticks. */
const SPREAD = 10_000

/** A stop order as the trading service keeps it: its entry in the stop book, and the order it carries. */
export type StopOrder = {orderId: number; accountId: number; direction: StopDirection; stopPrice: number; order: PlaceCommand}

/** Stops to put in fresh books, and the orders they carry by id (what the service looks up when one triggers). */
export class StopSet {
  readonly carried = new Map<number, PlaceCommand>()

  constructor(readonly stops: StopOrder[]) {
    for (const stop of stops) this.carried.set(stop.orderId, stop.order)
  }

  get size(): number {
    return this.stops.length
  }

  /** The lowest and highest stop price of each direction (NaN when there is none). */
  span(direction: StopDirection): {min: number; max: number} {
    let min = Infinity
    let max = -Infinity
    for (const stop of this.stops) {
      if (stop.direction !== direction) continue
      if (stop.stopPrice < min) min = stop.stopPrice
      if (stop.stopPrice > max) max = stop.stopPrice
    }
    return min > max ? {min: NaN, max: NaN} : {min, max}
  }

  addTo(book: OrderBook): void {
    for (const stop of this.stops) book.stops.add(stop.orderId, stop.accountId, stop.direction, stop.stopPrice)
  }
}

/**
 * `count` stops of the four kinds in turn — buy stop-losses and sell take-profits above `prices.max`
 * (triggered by a rising price), sell stop-losses and buy take-profits below `prices.min` (by a
 * falling one) — at random stop prices up to SPREAD ticks away, half carrying a market order, half a
 * GTC limit 10 ticks through the stop price.
 */
export function waitingStops(count: number, prices: {min: number; max: number}, seed: number): StopSet {
  const below = Math.min(SPREAD, prices.min - 11)
  if (below < 1) throw new Error(`no room for stops below the workload's lowest price ${prices.min}`)
  const rng = new Random(seed)
  const stops: StopOrder[] = []
  for (let i = 0; i < count; i++) {
    const kind = i % 4
    const direction: StopDirection = kind < 2 ? 'rise' : 'fall'
    const side: Side = kind === 0 || kind === 3 ? 'buy' : 'sell'
    const stopPrice = direction === 'rise' ? prices.max + 1 + rng.int(SPREAD) : prices.min - 1 - rng.int(below)
    const orderId = FIRST_STOP_ID + i
    const accountId = FIRST_STOP_ACCOUNT + (i % STOP_ACCOUNTS)
    const market = rng.int(2) === 0
    const order: PlaceCommand = {
      orderId,
      accountId,
      side,
      type: market ? 'market' : 'limit',
      price: market ? 0 : side === 'buy' ? stopPrice + 10 : stopPrice - 10,
      qty: 1 + rng.int(20),
      timeInForce: market ? 'IOC' : 'GTC',
      postOnly: false,
    }
    stops.push({orderId, accountId, direction, stopPrice, order})
  }
  return new StopSet(stops)
}

/**
 * What the trading service does after a command that traded: places every stop the last price
 * triggers, one at a time (each may trade and move the price on), until none is due. Returns how
 * many it placed; their events go to `out` after the command's.
 */
export function cascade(book: OrderBook, carried: Map<number, PlaceCommand>, out: EngineEvent[] | EventSink): number {
  const stops = book.stops
  let placed = 0
  for (let id = stops.next(book.lastPrice); id !== undefined; id = stops.next(book.lastPrice)) {
    const order = carried.get(id)
    if (order === undefined) throw new Error(`stop ${id} triggered but carries no order`)
    book.place(order, out)
    placed++
  }
  return placed
}

function hasTrade(out: EngineEvent[]): boolean {
  for (let i = 0; i < out.length; i++) if (out[i]!.type === 'trade') return true
  return false
}

/** Our engine (either event form) with a set of stops waiting in every book, consulted after every command that traded. */
export class StopsEngine implements Engine<OrderBook, OurOp> {
  readonly name: string
  private readonly inner: OurEngine
  /** Commands after which the stop book was consulted, and stops triggered, in the last check pass. */
  private consulted = 0
  private triggered = 0

  /** @param tradingCommands how many of the measured commands trade (the generator's count): the check pass must consult the stops after exactly as many. */
  constructor(
    events: 'sink' | 'array',
    private readonly set: StopSet,
    private readonly tradingCommands: number,
  ) {
    this.inner = new OurEngine(events)
    this.name = `${this.inner.name} + ${int(set.size)} stops`
  }

  newBook(): OrderBook {
    const book = this.inner.newBook()
    this.set.addTo(book)
    return book
  }

  convert(commands: WorkloadCommand[]): OurOp[] {
    return this.inner.convert(commands)
  }

  step(book: OrderBook, op: OurOp): number {
    const out = this.inner.out
    const lotsBefore = Array.isArray(out) ? 0 : out.lots
    const events = this.inner.step(book, op)
    if (Array.isArray(out) ? hasTrade(out) : out.lots !== lotsBefore) {
      this.consulted++
      this.triggered += cascade(book, this.set.carried, out)
    }
    return events
  }

  run(book: OrderBook, ops: OurOp[], from: number, to: number): number {
    let events = 0
    for (let i = from; i < to; i++) events += this.step(book, ops[i]!)
    return events
  }

  check(book: OrderBook, ops: OurOp[]): number {
    this.consulted = 0
    this.triggered = 0
    let refused = 0
    const out = this.inner.out
    for (const op of ops) {
      const before = Array.isArray(out) ? 0 : out.refused
      this.step(book, op)
      if (Array.isArray(out)) {
        for (const event of out) if (event.type === 'rejected') refused++
      } else {
        refused += out.refused - before
      }
    }
    if (this.consulted !== this.tradingCommands || this.triggered !== 0) {
      throw new Error(
        `${this.name}: the stop book was consulted after ${int(this.consulted)} commands (${int(this.tradingCommands)} trade) ` +
          `and ${int(this.triggered)} stops triggered (must be 0)`,
      )
    }
    return refused
  }

  depth(book: OrderBook): Depth {
    return this.inner.depth(book)
  }

  verify(book: OrderBook): void {
    if (book.stops.size !== this.set.size) {
      throw new Error(`${this.name}: ${int(this.set.size - book.stops.size)} stops left the stop book; none may trigger`)
    }
  }
}

/** Counts what a cascade did without making an event object. */
class CountingSink implements EventSink {
  trades = 0
  lots = 0
  rests = 0
  refusals = 0

  trade(_m: number, _ma: number, _t: number, _ta: number, _s: Side, _p: number, qty: number): void {
    this.trades++
    this.lots += qty
  }

  rested(): void {
    this.rests++
  }

  done(): void {}

  rejected(): void {
    this.refusals++
  }
}

/** The cascade scenario: a market at START, bids below it deep enough for every stop, asks above. */
const START = 100_000
const STOPS_PER_TICK = 10
/** Each price level holds two orders of 10 lots: 20 lots, what the ten stops of one tick sell on average. */
const LEVEL_ORDERS = 2
const ORDER_LOTS = 10
const TAKER_ID = 900_000_000

export type CascadeRun = {ns: number; triggered: number; trades: number; lots: number; rested: number; lastPrice: number}

/**
 * A fresh book: asks at START+1 up, bids at START-1 down to 200 ticks below the lowest stop (24,000
 * lots for 10,000 stops, which sell ~20,000), the last price at START, and `count` sell stops at
 * START-1 down, ten per tick, carrying 1 to 3 lots: even ones a market sell, odd ones a GTC limit
 * 5 ticks below the stop price.
 */
function cascadeBook(count: number): {book: OrderBook; carried: Map<number, PlaceCommand>} {
  const book = new engine.OrderBook()
  const levels = Math.ceil(count / STOPS_PER_TICK) + 200
  let id = 0
  for (let tick = 1; tick <= levels; tick++) {
    for (let k = 0; k < LEVEL_ORDERS; k++) {
      id++
      book.restoreOrder(id, 1 + (id % 50), 'buy', START - tick, ORDER_LOTS)
      if (tick > 200) continue
      id++
      book.restoreOrder(id, 101 + (id % 50), 'sell', START + tick, ORDER_LOTS)
    }
  }
  book.lastPrice = START
  const carried = new Map<number, PlaceCommand>()
  for (let i = 0; i < count; i++) {
    const orderId = FIRST_STOP_ID + i
    const accountId = FIRST_STOP_ACCOUNT + (i % STOP_ACCOUNTS)
    const stopPrice = START - 1 - Math.floor(i / STOPS_PER_TICK)
    const market = i % 2 === 0
    book.stops.add(orderId, accountId, 'fall', stopPrice)
    carried.set(orderId, {
      orderId,
      accountId,
      side: 'sell',
      type: market ? 'market' : 'limit',
      price: market ? 0 : stopPrice - 5,
      qty: 1 + (i % 3),
      timeInForce: market ? 'IOC' : 'GTC',
      postOnly: false,
    })
  }
  return {book, carried}
}

/** The taker: a market sell of one level's lots, which empties the first level below the market and triggers the first stops. */
const TAKER: PlaceCommand = {
  orderId: TAKER_ID,
  accountId: 9_999,
  side: 'sell',
  type: 'market',
  price: 0,
  qty: LEVEL_ORDERS * ORDER_LOTS,
  timeInForce: 'IOC',
  postOnly: false,
}

/** Builds a fresh book, then times the taker and its whole cascade as one command; throws unless every stop triggered. */
async function cascadeOnce(count: number, form: 'sink' | 'array'): Promise<CascadeRun> {
  const {book, carried} = cascadeBook(count)
  const array: EngineEvent[] = []
  const sink = new CountingSink()
  const out = form === 'array' ? array : sink
  await collectGarbage()
  const start = process.hrtime.bigint()
  book.place(TAKER, out)
  const triggered = (form === 'array' ? hasTrade(array) : sink.trades > 0) ? cascade(book, carried, out) : 0
  const ns = Number(process.hrtime.bigint() - start)
  if (form === 'array') {
    for (const event of array) {
      if (event.type === 'trade') {
        sink.trades++
        sink.lots += event.qty
      } else if (event.type === 'rested') sink.rests++
      else if (event.type === 'rejected') sink.refusals++
    }
  }
  if (triggered !== count || book.stops.size !== 0 || sink.refusals !== 0) {
    throw new Error(
      `cascade (${form}): ${int(triggered)} of ${int(count)} stops triggered, ${int(book.stops.size)} still waiting, ${sink.refusals} refused`,
    )
  }
  return {ns, triggered, trades: sink.trades, lots: sink.lots, rested: sink.rests, lastPrice: book.lastPrice}
}

export type CascadeResult = {form: 'sink' | 'array'; runs: CascadeRun[]; median: CascadeRun}

/**
 * One untimed warm-up cascade, then `runs` timed ones, each on a fresh book; the run of median time.
 * Throws if two runs differ in what they did (the scenario is deterministic).
 */
export async function measureCascade(count: number, runs: number, form: 'sink' | 'array'): Promise<CascadeResult> {
  const warm = await cascadeOnce(count, form)
  const all: CascadeRun[] = []
  for (let i = 0; i < runs; i++) {
    const run = await cascadeOnce(count, form)
    if (run.trades !== warm.trades || run.lots !== warm.lots || run.lastPrice !== warm.lastPrice) {
      throw new Error(`cascade (${form}): run ${i + 1} made ${run.trades} trades, the warm-up ${warm.trades}`)
    }
    all.push(run)
  }
  const sorted = [...all].sort((a, b) => a.ns - b.ns)
  return {form, runs: all, median: sorted[(sorted.length - 1) >> 1]!}
}

export const CASCADE_START = START

/** The cascade scenario in a sentence, for the bench's output. */
export function describeCascade(count: number): string {
  const lots = LEVEL_ORDERS * ORDER_LOTS
  return (
    `a market sell of ${lots} lots at a last price of ${int(START)} into bids of ${lots} lots a tick, with ${int(count)} sell stops ` +
    `below it (${STOPS_PER_TICK} a tick, 1–3 lots, half stop-market, half stop-limit 5 ticks under the stop)`
  )
}
