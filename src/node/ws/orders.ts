/**
 * The user orders stream (docs/websockets.md "Orders"): `{"event": "order_update", "order": {...}}` for every
 * committed change of an order of the authenticated account (open, partial, filled, cancelled),
 * in commit order. Each update is encoded once for all of the account's sockets.
 */
import type {CommittedEvents} from '../trading/trading.js'
import {orderView} from '../views/orders.js'
import type {Sender} from '../http/ws-sender.js'

export class OrdersStream {
  private readonly subscribers = new Map<string, Set<Sender>>()

  /** Subscribes to an account's order updates; returns the unsubscribe function. */
  subscribe(accountId: string, sender: Sender): () => void {
    const set = this.subscribers.get(accountId) ?? new Set<Sender>()
    this.subscribers.set(accountId, set)
    set.add(sender)
    return () => {
      set.delete(sender)
      if (set.size === 0 && this.subscribers.get(accountId) === set) this.subscribers.delete(accountId)
    }
  }

  /** After a committed batch: the orders it changed, with their owners. */
  publish(orders: CommittedEvents['orders']): void {
    for (const change of orders) {
      const set = this.subscribers.get(change.accountId)
      if (!set) continue
      // Read only here: a change is formatted only when its owner has a subscriber (trading/model.ts OrderChange).
      const frame = Buffer.from(JSON.stringify({event: 'order_update', order: orderView(change.order)}))
      for (const sender of set) sender.send(frame)
    }
  }

  /** A committed change of one of the account's balances: `{"event": "balance_update", ...}`. */
  publishBalance(accountId: string, update: Record<string, unknown>): void {
    const set = this.subscribers.get(accountId)
    if (!set) return
    const frame = Buffer.from(JSON.stringify({event: 'balance_update', ...update}))
    for (const sender of set) sender.send(frame)
  }

  close(): void {
    this.subscribers.clear()
  }
}
