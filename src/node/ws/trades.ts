/**
 * The public trades stream (contract §6): one message per public trade of the subscribed ticker,
 * `{id, ticker, price, qty, side, executed_at}`, in the order the engine committed them. Each
 * trade is encoded once for all of its ticker's subscribers.
 */
import type {PublicTradeView} from '../trading/views.js'
import type {Sender} from './sender.js'

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

  /** After a committed batch: its public trades. */
  publish(trades: readonly PublicTradeView[]): void {
    for (const trade of trades) {
      const set = this.subscribers.get(trade.ticker)
      if (!set) continue
      const frame = Buffer.from(
        JSON.stringify({
          id: trade.id,
          ticker: trade.ticker,
          price: trade.price,
          qty: trade.qty,
          side: trade.side,
          executed_at: trade.executed_at,
        }),
      )
      for (const sender of set) sender.send(frame)
    }
  }

  close(): void {
    this.subscribers.clear()
  }
}
