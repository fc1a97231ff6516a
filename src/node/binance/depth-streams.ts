/**
 * The book streams of the Binance-form API (docs/binance-compat.md "Market streams"), fed by the depth updates the trading
 * module publishes after each commit (trading/book-updates.ts):
 * - `<s>@depth` / `<s>@depth@100ms`: the level changes of every 1000 / 100 ms merged into one
 *   `depthUpdate` {U, u, b, a}; `U` of one is `u + 1` of the one before, on the counter REST
 *   `depth`'s `lastUpdateId` reads, so a client that buffers, fetches depth and drops `u <=
 *   lastUpdateId` holds the exact book.
 * - `<s>@depth5|10|20` (and `@100ms`): the top levels `{lastUpdateId, bids, asks}` each interval
 *   in which the book changed, and at once to a client that joins.
 * - `<s>@bookTicker`: `{u, s, b, B, a, A}` whenever the best bid or ask changed.
 */
import type {LevelView} from '../engine/types.js'
import type {DepthUpdate} from '../trading/trading.js'
import type {StreamSpec} from './stream-names.js'
import type {StreamClient, Topics} from './topics.js'
import {levels, price, qty} from './views.js'
import type {StreamServices} from '../public-services.js'

type Diff = {
  name: string
  symbol: string
  intervalMs: number
  /** Changes since the last message: the first id they cover, the last, and each level's latest quantity. */
  first: number | undefined
  last: number
  bids: Map<number, number>
  asks: Map<number, number>
  lastSent: number
  timer: NodeJS.Timeout | undefined
}

type Partial = {name: string; symbol: string; levels: number; sentId: number; timer: NodeJS.Timeout}

export class DepthStreams {
  private readonly diffs = new Map<string, Diff>()
  private readonly partials = new Map<string, Partial>()
  /** bookTicker stream name → its symbol and the last best levels sent. */
  private readonly tops = new Map<string, {symbol: string; last: string}>()

  constructor(
    private readonly topics: Topics,
    private readonly trading: Pick<StreamServices['trading'], 'spec' | 'depth'>,
    /** `BTCUSDT` of a ticker. */
    private readonly pairOf: (symbol: string) => string,
  ) {}

  joined(name: string, spec: StreamSpec, client: StreamClient, first: boolean): void {
    if (spec.kind === 'depth' && first) {
      this.diffs.set(name, {
        name,
        symbol: spec.symbol,
        intervalMs: spec.intervalMs,
        first: undefined,
        last: 0,
        bids: new Map(),
        asks: new Map(),
        lastSent: 0,
        timer: undefined,
      })
    } else if (spec.kind === 'partialDepth') {
      if (first) {
        const timer = setInterval(() => this.sendPartial(this.partials.get(name)), spec.intervalMs)
        timer.unref()
        this.partials.set(name, {name, symbol: spec.symbol, levels: spec.levels, sentId: 0, timer})
      }
      this.sendPartial(this.partials.get(name), client)
    } else if (spec.kind === 'bookTicker' && first) {
      this.tops.set(name, {symbol: spec.symbol, last: ''})
    }
  }

  closed(name: string): void {
    clearTimeout(this.diffs.get(name)?.timer)
    clearInterval(this.partials.get(name)?.timer)
    this.diffs.delete(name)
    this.partials.delete(name)
    this.tops.delete(name)
  }

  /** After a commit: its books' level changes, in order. */
  published(updates: readonly DepthUpdate[]): void {
    if (updates.length === 0) return
    for (const diff of this.diffs.values()) {
      for (const update of updates) if (update.symbol === diff.symbol) this.merge(diff, update)
    }
    for (const [name, top] of this.tops) {
      const update = updates.findLast((candidate) => candidate.symbol === top.symbol)
      if (update) this.sendTop(name, top, update.lastUpdateId)
    }
  }

  close(): void {
    for (const diff of this.diffs.values()) clearTimeout(diff.timer)
    for (const partial of this.partials.values()) clearInterval(partial.timer)
    this.diffs.clear()
    this.partials.clear()
    this.tops.clear()
  }

  private merge(diff: Diff, update: DepthUpdate): void {
    diff.first ??= update.firstUpdateId
    diff.last = update.lastUpdateId
    for (const [ticks, lots] of update.bids) diff.bids.set(ticks, lots)
    for (const [ticks, lots] of update.asks) diff.asks.set(ticks, lots)
    if (diff.timer) return
    diff.timer = setTimeout(() => this.sendDiff(diff), Math.max(0, diff.lastSent + diff.intervalMs - Date.now()))
    diff.timer.unref()
  }

  private sendDiff(diff: Diff): void {
    diff.timer = undefined
    if (diff.first === undefined) return
    diff.lastSent = Date.now()
    const spec = this.trading.spec(diff.symbol)
    const data = JSON.stringify({
      e: 'depthUpdate',
      E: diff.lastSent,
      s: this.pairOf(diff.symbol),
      U: diff.first,
      u: diff.last,
      b: levels(spec, [...diff.bids]),
      a: levels(spec, [...diff.asks]),
    })
    diff.first = undefined
    diff.bids.clear()
    diff.asks.clear()
    this.topics.publish(diff.name, data)
  }

  /** The top levels, to `only` one client (it joined), or to all when the book moved since the last message. */
  private sendPartial(partial: Partial | undefined, only?: StreamClient): void {
    if (!partial) return
    const depth = this.trading.depth(partial.symbol, partial.levels)
    if (!only && depth.updateId === partial.sentId) return
    if (!only) partial.sentId = depth.updateId
    const spec = this.trading.spec(partial.symbol)
    const data = JSON.stringify({lastUpdateId: depth.updateId, bids: levels(spec, depth.bids), asks: levels(spec, depth.asks)})
    this.topics.publish(partial.name, data, only)
  }

  private sendTop(name: string, top: {symbol: string; last: string}, updateId: number): void {
    const {bids, asks} = this.trading.depth(top.symbol, 1)
    const spec = this.trading.spec(top.symbol)
    const best = (level: LevelView | undefined): [string, string] =>
      level ? [price(spec, level[0]), qty(spec, level[1])] : ['0', '0']
    const [b, B] = best(bids[0])
    const [a, A] = best(asks[0])
    const key = `${b} ${B} ${a} ${A}`
    if (key === top.last) return
    top.last = key
    this.topics.publish(name, JSON.stringify({u: updateId, s: this.pairOf(top.symbol), b, B, a, A}))
  }
}
