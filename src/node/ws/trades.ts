/**
 * The public trades stream (contract §6): one message per public trade of the subscribed ticker,
 * `{id, ticker, price, qty, side, executed_at}`, in the order the engine committed them. Each
 * trade is encoded once for all of its ticker's subscribers.
 */
import * as wsLibrary from 'ws'
import type {PublicTradeView} from '../trading/views.js'
import type {Sender} from './sender.js'

/** A complete, unmasked, uncompressed server text frame. */
const TEXT_FRAME = {fin: true, rsv1: false, opcode: 1, mask: false, readOnly: false}

/** `ws`'s own frame encoder (Sender.frame: header and payload); @types/ws does not declare it. */
const frame = (wsLibrary as unknown as {Sender: {frame(data: Buffer, options: typeof TEXT_FRAME): Buffer[]}}).Sender.frame

export class TradesStream {
  private readonly subscribers = new Map<string, Set<Sender>>()

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

  /**
   * After a committed batch: its public trades. Each ticker's messages are encoded and framed once
   * for the whole batch, and every subscriber gets them in one write.
   */
  publish(trades: readonly PublicTradeView[]): void {
    const batches = new Map<string, Buffer[]>()
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
      const batch = batches.get(trade.ticker) ?? []
      batch.push(payload)
      batches.set(trade.ticker, batch)
    }
    for (const [ticker, payloads] of batches) {
      const frames = Buffer.concat(payloads.flatMap((payload) => frame(payload, TEXT_FRAME)))
      for (const sender of this.subscribers.get(ticker)!) sender.sendFrames(frames, payloads)
    }
  }

  close(): void {
    this.subscribers.clear()
  }
}
