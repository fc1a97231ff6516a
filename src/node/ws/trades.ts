/**
 * The public trades stream (docs/websockets.md "Trades"): one message per public trade of the subscribed ticker,
 * `{id, ticker, price, qty, side, executed_at}`, one per WebSocket frame, in the order the engine
 * committed them. Each trade is encoded and framed once for all of its ticker's subscribers.
 *
 * Writes are what costs (one socket write is ~8 µs here, mostly the syscall, whatever its size up
 * to several KiB), so they are throttled per ticker: trades committed after a quiet spell go out at
 * once; while trades keep coming, each subscriber gets at most one write (of every trade since its
 * last) per `intervalMs`. A ticker's subscribers are spread over `slots` slots served in turn, one
 * every `intervalMs / slots`, so the writes of one interval (and the clients' reads) are spread
 * over it instead of all landing in one event-loop turn (docs/performance.md "bench:ws").
 */
import type {PublicTrade} from '../trading/model.js'
import {publicTradeView} from '../views/orders.js'
import {textFrame, type Sender} from '../http/ws-sender.js'

/** While trades keep coming, each subscriber gets at most one write per this many milliseconds. */
export const FLUSH_INTERVAL_MS = 20
/** Slots a ticker's subscribers are spread over; one slot is written every FLUSH_INTERVAL_MS / SLOTS. */
export const SLOTS = 8

type Slot = {
  senders: Set<Sender>
  /** Index (in the ticker's log) of the first frame this slot has not been sent yet. */
  next: number
}

type TickerState = {
  slots: Slot[]
  /** Framed messages not yet sent to every slot; `frames[0]` has index `base`. */
  frames: Buffer[]
  payloads: Buffer[]
  base: number
  /** The slot the next tick serves. */
  turn: number
  /** Round-robin assignment of new subscribers. */
  joined: number
  /** Slots served in a row that had nothing to send: a whole round of them ends the sweep. */
  idleTicks: number
  /** When the last tick ran (performance.now()). */
  lastTick: number
  timer: NodeJS.Timeout | undefined
}

export class TradesStream {
  private readonly tickers = new Map<string, TickerState>()

  constructor(
    private readonly intervalMs = FLUSH_INTERVAL_MS,
    private readonly slotCount = SLOTS,
  ) {}

  /** Subscribes to a ticker's trades; returns the unsubscribe function. */
  subscribe(symbol: string, sender: Sender): () => void {
    const state = this.stateOf(symbol)
    const slot = state.slots[state.joined++ % state.slots.length]!
    if (slot.senders.size === 0) slot.next = state.base + state.frames.length
    slot.senders.add(sender)
    return () => {
      slot.senders.delete(sender)
      if (state.slots.some((s) => s.senders.size > 0) || this.tickers.get(symbol) !== state) return
      clearTimeout(state.timer)
      this.tickers.delete(symbol)
    }
  }

  /** After a committed batch: its public trades, encoded and framed once, queued per ticker. */
  publish(trades: readonly PublicTrade[]): void {
    let touched: Set<TickerState> | undefined
    for (const trade of trades) {
      const state = this.tickers.get(trade.ticker)
      if (!state) continue
      const payload = Buffer.from(JSON.stringify(publicTradeView(trade)))
      state.payloads.push(payload)
      state.frames.push(textFrame(payload))
      ;(touched ??= new Set()).add(state)
    }
    if (!touched) return
    for (const state of touched) {
      state.idleTicks = 0
      if (state.timer) continue
      // After a quiet spell: every subscriber at once, then the sweep serves one slot per tick.
      for (const slot of state.slots) this.flush(state, slot)
      this.trim(state)
      state.lastTick = performance.now()
      state.timer = setInterval(() => this.tick(state), this.intervalMs / this.slotCount)
      state.timer.unref()
    }
  }

  close(): void {
    for (const state of this.tickers.values()) clearInterval(state.timer)
    this.tickers.clear()
  }

  private stateOf(symbol: string): TickerState {
    let state = this.tickers.get(symbol)
    if (!state) {
      const slots = Array.from({length: this.slotCount}, () => ({senders: new Set<Sender>(), next: 0}))
      state = {slots, frames: [], payloads: [], base: 0, turn: 0, joined: 0, idleTicks: 0, lastTick: 0, timer: undefined}
      this.tickers.set(symbol, state)
    }
    return state
  }

  /**
   * Serves the next slot, or as many slots as ticks were due when the event loop was held up (a
   * long commit, a burst of work): each slot keeps its one write per interval instead of waiting
   * for one loop turn per slot. A whole round of slots with nothing to send ends the sweep.
   */
  private tick(state: TickerState): void {
    const now = performance.now()
    const period = this.intervalMs / this.slotCount
    const due = Math.min(state.slots.length, Math.max(1, Math.floor((now - state.lastTick) / period)))
    state.lastTick = now
    let sent = false
    for (let i = 0; i < due; i++) {
      const slot = state.slots[state.turn]!
      state.turn = (state.turn + 1) % state.slots.length
      if (this.flush(state, slot)) {
        state.idleTicks = 0
        sent = true
      } else state.idleTicks++
    }
    if (sent) this.trim(state)
    else if (state.idleTicks >= state.slots.length) {
      clearInterval(state.timer)
      state.timer = undefined
    }
  }

  /** Writes the slot's unsent frames to each of its subscribers in one call; false if there were none. */
  private flush(state: TickerState, slot: Slot): boolean {
    const end = state.base + state.frames.length
    const from = slot.next - state.base
    slot.next = end
    if (slot.senders.size === 0 || from >= state.frames.length) return false
    const frames = from === 0 && state.frames.length === 1 ? state.frames[0]! : Buffer.concat(state.frames.slice(from))
    const payloads = state.payloads.slice(from)
    for (const sender of slot.senders) sender.sendFrames(frames, payloads)
    return true
  }

  /** Drops the frames every slot with subscribers has been sent. */
  private trim(state: TickerState): void {
    let sent = state.base + state.frames.length
    for (const slot of state.slots) if (slot.senders.size > 0 && slot.next < sent) sent = slot.next
    const drop = sent - state.base
    if (drop <= 0) return
    state.frames.splice(0, drop)
    state.payloads.splice(0, drop)
    state.base = sent
  }
}
