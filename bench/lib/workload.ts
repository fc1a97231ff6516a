/**
 * The engine workload, in the spirit of exchange-core's TestOrdersGenerator: one symbol, a book
 * kept near a target number of resting orders around a moving last-trade price, and a command mix
 * of about 9% GTC, 3% IOC, 6% cancel and 82% move (cancel-replace at a new price with the remaining
 * quantity, so the order loses its time priority).
 *
 * The generator runs every command it emits against a shadow OrderBook, so cancels and moves always
 * target a resting order and a move carries that order's true remaining quantity. Commands that would
 * self-trade are not emitted (another account, or another order, is drawn instead): every engine in
 * the comparison then sees the same trades whatever its self-trade policy, and their final books must
 * be identical — the benchmark checks that.
 *
 * Prices follow exchange-core: a new GTC order is placed on its own side of the last trade price at
 * a random distance (sum of four uniforms over a squared-uniform deviation), a move shifts a price 1%
 * of the way towards the last trade price (at least one tick), IOC orders carry a limit far through
 * the book. GTC sizes are 1 + a·b·c with a, b, c uniform in 0..5 (1 to 126 lots, mean ≈ 16.6); IOC
 * sizes 1 + a·b (1 to 26 lots), so that an IOC mostly takes part of a maker rather than emptying levels.
 *
 * The mix is drawn as 9/3/6/82, then held to the target size: a GTC draw becomes a cancel when the
 * book is 2% over target, a cancel draw becomes a GTC when it is 2% under. Trades consume makers, so
 * the measured mix drifts towards GTC (benchmarks print the mix they actually ran; with the price
 * deviation of 200 ticks they use, about GTC 11%, IOC 3%, cancel 4%, move 82%, 6% of commands trading).
 */
import {OrderBook} from '../../src/node/engine/book.js'
import type {EngineEvent, LevelView, Side} from '../../src/node/engine/types.js'
import {Random} from './random.js'

/** A new order: GTC rests what it does not fill, IOC expires it. */
export type NewOrderCommand = {
  kind: 'gtc' | 'ioc'
  orderId: number
  accountId: number
  side: Side
  /** Limit price, in ticks. */
  price: number
  /** Quantity, in lots. */
  qty: number
}

export type CancelCommand = {kind: 'cancel'; orderId: number; accountId: number; side: Side}

/** Cancel-replace of a resting order at a new price with its remaining quantity (same id, new time priority). */
export type MoveCommand = {kind: 'move'; orderId: number; accountId: number; side: Side; price: number; qty: number}

export type WorkloadCommand = NewOrderCommand | CancelCommand | MoveCommand

export type WorkloadOptions = {
  /** Resting orders to keep in the book (both sides together). */
  targetOrders: number
  /** Commands in the measured phase (the fill phase comes on top). */
  commands: number
  seed?: number
  /** Distinct accounts the orders are spread over. */
  accounts?: number
  /** Initial last trade price, in ticks. */
  startPrice?: number
  /** Maximum distance of a new GTC order from the last trade price, in ticks. */
  priceDeviation?: number
}

export type WorkloadStats = {
  /** Commands of the measured phase, by kind. */
  counts: Record<WorkloadCommand['kind'], number>
  /** Measured commands that produced at least one trade. */
  trading: number
  trades: number
  /** Resting orders over the measured phase, sampled every 256 commands. */
  resting: {min: number; max: number; mean: number}
  /** Price levels (both sides) at the end. */
  levels: number
}

export type Workload = {
  options: Required<WorkloadOptions>
  /** Builds the book up to the target (not measured). */
  fill: WorkloadCommand[]
  /** The measured commands. */
  bench: WorkloadCommand[]
  stats: WorkloadStats
  /** The shadow book at the end: every engine must end with exactly this depth. */
  final: {bids: LevelView[]; asks: LevelView[]}
  /** Every price a command carries lies in [min, max] ticks, and so does every trade's. */
  prices: {min: number; max: number}
}

/** Percentages of the measured mix (exchange-core's benchmark: GTC 9, IOC 3, cancel 6, move 82). */
export const MIX = {gtc: 9, ioc: 3, cancel: 6, move: 82} as const

const CENTRAL_MOVE_ALPHA = 0.01

export function generateWorkload(input: WorkloadOptions): Workload {
  const options: Required<WorkloadOptions> = {
    seed: 1,
    accounts: 1000,
    startPrice: 100_000,
    priceDeviation: 1_000,
    ...input,
  }
  return new Generator(options).run()
}

class Generator {
  private readonly rng: Random
  private readonly book = new OrderBook()
  private readonly out: EngineEvent[] = []
  /** Ids of resting orders (unordered), and each id's index in it, for O(1) random pick and removal. */
  private readonly resting: number[] = []
  private readonly slot = new Map<number, number>()
  private readonly orders = new Map<number, {accountId: number; side: Side; price: number}>()
  private readonly minPrice: number
  private readonly maxPrice: number
  private lastTradePrice: number
  private nextId = 1
  private tradedNow = false
  private tradeCount = 0

  constructor(private readonly options: Required<WorkloadOptions>) {
    this.rng = new Random(options.seed)
    this.lastTradePrice = options.startPrice
    this.minPrice = Math.max(1, options.startPrice - 5 * options.priceDeviation)
    this.maxPrice = options.startPrice + 5 * options.priceDeviation
  }

  run(): Workload {
    const {targetOrders, commands} = this.options
    const fill: WorkloadCommand[] = []
    while (this.book.size < targetOrders) {
      if (fill.length > targetOrders * 20) throw new Error('the book does not fill up: check the price parameters')
      const command = this.newOrder('gtc')
      if (command) fill.push(this.apply(command))
    }

    const bench: WorkloadCommand[] = []
    const counts = {gtc: 0, ioc: 0, cancel: 0, move: 0}
    let trading = 0
    let min = Infinity
    let max = 0
    let sum = 0
    let samples = 0
    const tradesBefore = this.tradeCount
    while (bench.length < commands) {
      const command = this.draw()
      if (!command) continue
      this.tradedNow = false
      bench.push(this.apply(command))
      counts[command.kind]++
      if (this.tradedNow) trading++
      if ((bench.length & 255) === 0) {
        const size = this.book.size
        min = Math.min(min, size)
        max = Math.max(max, size)
        sum += size
        samples++
      }
    }
    const final = this.book.depth(Number.MAX_SAFE_INTEGER)
    return {
      options: this.options,
      fill,
      bench,
      final,
      prices: {min: this.minPrice, max: this.maxPrice},
      stats: {
        counts,
        trading,
        trades: this.tradeCount - tradesBefore,
        resting: {min, max, mean: samples ? sum / samples : 0},
        levels: final.bids.length + final.asks.length,
      },
    }
  }

  /** One command of the measured mix; the mix leans towards GTC or cancel to hold the book near its target. */
  private draw(): WorkloadCommand | undefined {
    const target = this.options.targetOrders
    const size = this.book.size
    const r = this.rng.next() * 100
    if (r < MIX.gtc) return size > target * 1.02 ? this.cancel() : this.newOrder('gtc')
    if (r < MIX.gtc + MIX.ioc) return this.newOrder('ioc')
    if (r < MIX.gtc + MIX.ioc + MIX.cancel) return size < target * 0.98 ? this.newOrder('gtc') : this.cancel()
    return this.move()
  }

  private newOrder(kind: 'gtc' | 'ioc'): NewOrderCommand | undefined {
    const rng = this.rng
    const side: Side = rng.int(2) === 0 ? 'buy' : 'sell'
    const qty = kind === 'ioc' ? 1 + rng.int(6) * rng.int(6) : 1 + rng.int(6) * rng.int(6) * rng.int(6)
    let price: number
    if (kind === 'ioc') {
      price = side === 'buy' ? this.maxPrice : this.minPrice
    } else {
      const dev = 1 + Math.floor(rng.next() ** 2 * this.options.priceDeviation)
      let p = 0
      for (let i = 0; i < 4; i++) p += rng.int(dev)
      p = Math.floor(p / 4) * 2 - dev
      // Asks at or above the last trade price, bids at or below.
      if (p > 0 !== (side === 'sell')) p = -p
      price = this.clamp(this.lastTradePrice + p)
    }
    for (let attempt = 0; attempt < 8; attempt++) {
      const accountId = 1 + rng.int(this.options.accounts)
      if (!this.wouldSelfTrade(side, accountId, qty, price)) {
        return {kind, orderId: this.nextId++, accountId, side, price, qty}
      }
    }
    return undefined
  }

  private cancel(): CancelCommand | undefined {
    const id = this.pick()
    if (id === undefined) return undefined
    const order = this.orders.get(id)!
    return {kind: 'cancel', orderId: id, accountId: order.accountId, side: order.side}
  }

  private move(): MoveCommand | undefined {
    const id = this.pick()
    if (id === undefined) return undefined
    const order = this.orders.get(id)!
    const last = this.lastTradePrice
    const delta = (last - order.price) * CENTRAL_MOVE_ALPHA
    const step = order.price > last ? Math.floor(delta) : order.price < last ? Math.ceil(delta) : this.rng.int(2) * 2 - 1
    const price = this.clamp(order.price + step)
    const qty = this.book.remainingOf(id)!
    if (this.wouldSelfTrade(order.side, order.accountId, qty, price)) return undefined
    return {kind: 'move', orderId: id, accountId: order.accountId, side: order.side, price, qty}
  }

  /** Runs a command on the shadow book and tracks what rests. */
  private apply(command: WorkloadCommand): WorkloadCommand {
    const out = this.out
    out.length = 0
    if (command.kind === 'cancel' || command.kind === 'move') this.book.cancel(command.orderId, out)
    if (command.kind !== 'cancel') {
      this.book.place(
        {
          orderId: command.orderId,
          accountId: command.accountId,
          side: command.side,
          type: 'limit',
          price: command.price,
          qty: command.qty,
          timeInForce: command.kind === 'ioc' ? 'IOC' : 'GTC',
          postOnly: false,
        },
        out,
      )
    }
    for (const event of out) {
      switch (event.type) {
        case 'trade':
          this.tradedNow = true
          this.tradeCount++
          this.lastTradePrice = this.clamp(event.price)
          if (event.makerRemaining === 0) this.unrest(event.makerOrderId)
          break
        case 'rested':
          // Only the command's own order can come to rest.
          if (command.kind !== 'cancel') {
            this.orders.set(command.orderId, {accountId: command.accountId, side: command.side, price: command.price})
          }
          this.rest(event.orderId)
          break
        case 'done':
          this.unrest(event.orderId)
          break
        case 'rejected':
          throw new Error(`the shadow book rejected order ${event.orderId}: ${event.reason}`)
      }
    }
    return command
  }

  private wouldSelfTrade(side: Side, accountId: number, qty: number, price: number): boolean {
    // simulate() stops at the account's first own order; account 0 never owns one.
    return this.book.simulate(side, accountId, qty, price).length !== this.book.simulate(side, 0, qty, price).length
  }

  private pick(): number | undefined {
    return this.resting.length ? this.resting[this.rng.int(this.resting.length)] : undefined
  }

  private rest(id: number): void {
    this.slot.set(id, this.resting.length)
    this.resting.push(id)
  }

  private unrest(id: number): void {
    this.orders.delete(id)
    const index = this.slot.get(id)
    if (index === undefined) return
    const last = this.resting.pop()!
    if (last !== id) {
      this.resting[index] = last
      this.slot.set(last, index)
    }
    this.slot.delete(id)
  }

  private clamp(price: number): number {
    return price < this.minPrice ? this.minPrice : price > this.maxPrice ? this.maxPrice : price
  }
}
