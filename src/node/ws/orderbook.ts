/**
 * The order-book stream (docs/websockets.md "Orderbook"): a snapshot of the top `depth` levels on connect, then a new
 * snapshot when the book changed, at most every 100 ms per ticker.
 *
 * The `seq` clients see is the book's update id (trading/book-updates.ts, REST depth's
 * `lastUpdateId`): increasing, with gaps where changes were coalesced, and the same on every edge of
 * a cluster (docs/cluster.md "Events and WebSocket fan-out"), so a client that moves to another edge sees it go on. Per ticker: one
 * timer, and subscribers grouped by depth. A flush reads the book once, and encodes each depth's
 * frame once for all of its subscribers; a depth whose levels did not change is not sent.
 */
import {nowIso} from '../ground/time.js'
import {textFrame, type Sender} from '../http/ws-sender.js'
import type {StreamServices} from '../public-services.js'

export const ORDERBOOK_INTERVAL_MS = 100

type Subscriber = {sender: Sender; lastSeq: number}

type DepthGroup = {
  depth: number
  subscribers: Set<Subscriber>
  /** The levels part of the last frame sent to the group, to skip unchanged ones. */
  lastLevels: string | undefined
}

type TickerState = {
  symbol: string
  /** The update id last sent. */
  sentVersion: number
  lastFlush: number
  timer: NodeJS.Timeout | undefined
  groups: Map<number, DepthGroup>
}

export class OrderbookStream {
  private readonly tickers = new Map<string, TickerState>()

  constructor(
    private readonly trading: Pick<StreamServices['trading'], 'spec' | 'depth'>,
    private readonly intervalMs = ORDERBOOK_INTERVAL_MS,
  ) {}

  /** Sends the current snapshot and subscribes; returns the unsubscribe function. */
  subscribe(symbol: string, depth: number, sender: Sender): () => void {
    const state = this.stateOf(symbol)
    const {levels, updateId} = this.levels(symbol, depth)
    let group = state.groups.get(depth)
    if (!group) {
      group = {depth, subscribers: new Set(), lastLevels: levels}
      state.groups.set(depth, group)
    } else if (group.lastLevels !== levels) {
      // The members hold another book than the newcomer: the next flush goes to all of them.
      group.lastLevels = undefined
    }
    const subscriber: Subscriber = {sender, lastSeq: updateId}
    const payload = Buffer.from(this.message(symbol, levels, updateId))
    sender.sendLatest(payload, textFrame(payload))
    group.subscribers.add(subscriber)
    const joined = group
    return () => {
      joined.subscribers.delete(subscriber)
      if (joined.subscribers.size === 0 && state.groups.get(depth) === joined) state.groups.delete(depth)
      if (state.groups.size === 0 && state.timer) {
        clearTimeout(state.timer)
        state.timer = undefined
      }
    }
  }

  /** After a committed batch: the books of these tickers changed. */
  changed(symbols: Iterable<string>): void {
    for (const symbol of symbols) {
      const state = this.tickers.get(symbol)
      if (!state || state.groups.size === 0 || state.timer) continue
      const delay = Math.max(0, state.lastFlush + this.intervalMs - Date.now())
      state.timer = setTimeout(() => this.flush(state), delay)
      state.timer.unref()
    }
  }

  close(): void {
    for (const state of this.tickers.values()) {
      if (state.timer) clearTimeout(state.timer)
      state.timer = undefined
      state.groups.clear()
    }
  }

  /** Kept once created (one small record per ticker). */
  private stateOf(symbol: string): TickerState {
    let state = this.tickers.get(symbol)
    if (!state) {
      state = {symbol, sentVersion: 0, lastFlush: 0, timer: undefined, groups: new Map()}
      this.tickers.set(symbol, state)
    }
    return state
  }

  private flush(state: TickerState): void {
    state.timer = undefined
    state.lastFlush = Date.now()
    if (state.groups.size === 0) return
    let maxDepth = 0
    for (const depth of state.groups.keys()) maxDepth = Math.max(maxDepth, depth)
    const {bids, asks, updateId: seq} = this.formattedDepth(state.symbol, maxDepth)
    if (seq === state.sentVersion) return
    state.sentVersion = seq
    const timestamp = nowIso()
    for (const group of state.groups.values()) {
      const levels = `"bids":[${bids.slice(0, group.depth).join(',')}],"asks":[${asks.slice(0, group.depth).join(',')}]`
      if (levels === group.lastLevels) continue
      group.lastLevels = levels
      // Serialised and framed once for every subscriber of this depth.
      const payload = Buffer.from(this.message(state.symbol, levels, seq, timestamp))
      const frame = textFrame(payload)
      for (const subscriber of group.subscribers) {
        if (subscriber.lastSeq >= seq) continue
        subscriber.lastSeq = seq
        subscriber.sender.sendLatest(payload, frame)
      }
    }
  }

  private levels(symbol: string, depth: number): {levels: string; updateId: number} {
    const {bids, asks, updateId} = this.formattedDepth(symbol, depth)
    return {levels: `"bids":[${bids.join(',')}],"asks":[${asks.join(',')}]`, updateId}
  }

  /** The top levels of each side as JSON `["price","qty"]` pairs, best first, with the book's update id. */
  private formattedDepth(symbol: string, depth: number): {bids: string[]; asks: string[]; updateId: number} {
    const spec = this.trading.spec(symbol)
    const {bids, asks, updateId} = this.trading.depth(symbol, depth)
    const pair = ([price, qty]: [number, number]): string => JSON.stringify([spec.formatPrice(price), spec.formatQty(qty)])
    return {bids: bids.map(pair), asks: asks.map(pair), updateId}
  }

  private message(symbol: string, levels: string, seq: number, timestamp = nowIso()): string {
    return `{"ticker":${JSON.stringify(symbol)},${levels},"timestamp":"${timestamp}","seq":${seq}}`
  }
}
