/**
 * The public trades stream (contract §6): one message per public trade of the subscribed ticker,
 * `{id, ticker, price, qty, side, executed_at}`, in the order the engine committed them. Each
 * trade is encoded once for all of its ticker's subscribers.
 *
 * Writes per ticker are throttled: trades committed after a quiet spell go out at once, and while
 * trades keep coming, a ticker's subscribers get at most one write (of every trade since the last)
 * per `FLUSH_INTERVAL_MS`. Under load, committed batches come every few milliseconds with a trade or
 * two each, and one socket write per batch per subscriber was the node's largest cost (bench/ws).
 */
import * as wsLibrary from 'ws'
import type {PublicTradeView} from '../trading/views.js'
import type {Sender} from './sender.js'

/** A complete, unmasked, uncompressed server text frame. */
const TEXT_FRAME = {fin: true, rsv1: false, opcode: 1, mask: false, readOnly: false}

/** `ws`'s own frame encoder (Sender.frame: header and payload); @types/ws does not declare it. */
const frame = (wsLibrary as unknown as {Sender: {frame(data: Buffer, options: typeof TEXT_FRAME): Buffer[]}}).Sender.frame

/** At most one write per ticker's subscribers in this many milliseconds, while trades keep coming. */
export const FLUSH_INTERVAL_MS = 10

export class TradesStream {
  private readonly subscribers = new Map<string, Set<Sender>>()
  /** Per ticker: encoded messages not yet written, when it last wrote, and its pending timer. */
  private readonly tickers = new Map<string, {payloads: Buffer[]; lastFlush: number; timer?: NodeJS.Timeout}>()

  /** Subscribes to a ticker's trades; returns the unsubscribe function. */
  subscribe(symbol: string, sender: Sender): () => void {
    const set = this.subscribers.get(symbol) ?? new Set<Sender>()
    this.subscribers.set(symbol, set)
    set.add(sender)
    return () => {
      set.delete(sender)
      if (set.size === 0 && this.subscribers.get(symbol) === set) this.subscribers.delete(symbol)
    }
  }

  /** After a committed batch: its public trades, encoded once and queued per ticker. */
  publish(trades: readonly PublicTradeView[]): void {
    const touched = new Set<string>()
    for (const trade of trades) {
      if (!this.subscribers.has(trade.ticker)) continue
      const payload = Buffer.from(
        JSON.stringify({
          id: trade.id,
          ticker: trade.ticker,
          price: trade.price,
          qty: trade.qty,
          side: trade.side,
          executed_at: trade.executed_at,
        }),
      )
      let state = this.tickers.get(trade.ticker)
      if (!state) {
        state = {payloads: [], lastFlush: 0}
        this.tickers.set(trade.ticker, state)
      }
      state.payloads.push(payload)
      touched.add(trade.ticker)
    }
    const now = performance.now()
    for (const ticker of touched) {
      const state = this.tickers.get(ticker)!
      if (state.timer) continue
      const wait = state.lastFlush + FLUSH_INTERVAL_MS - now
      if (wait <= 0) this.flush(ticker)
      else state.timer = setTimeout(() => this.flush(ticker), wait)
    }
  }

  /** Frames a ticker's queued messages once and writes them to each subscriber in one call. */
  private flush(ticker: string): void {
    const state = this.tickers.get(ticker)
    if (!state) return
    clearTimeout(state.timer)
    state.timer = undefined
    state.lastFlush = performance.now()
    const payloads = state.payloads
    state.payloads = []
    const subscribers = this.subscribers.get(ticker)
    if (!subscribers || payloads.length === 0) return
    const frames = Buffer.concat(payloads.flatMap((payload) => frame(payload, TEXT_FRAME)))
    for (const sender of subscribers) sender.sendFrames(frames, payloads)
  }

  close(): void {
    for (const state of this.tickers.values()) clearTimeout(state.timer)
    this.tickers.clear()
    this.subscribers.clear()
  }
}
