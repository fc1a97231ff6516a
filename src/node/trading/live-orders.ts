/** The orders the service holds live in memory, and the engine's numeric id of each account. */
import type {Orders, OrderRow} from '../orders/orders.js'
import type {LiveOrder} from './types.js'

export class LiveOrders {
  private readonly bySeq = new Map<number, LiveOrder>()
  private readonly accountNums = new Map<string, number>()
  /** Orders that ended in a batch not yet on disk (their stored rows still say open), with their rows as they ended. */
  private readonly ended = new Map<number, OrderRow>()

  constructor(private readonly orders: Orders) {}

  /** The live order of `seq` if it is held in memory (no read of the store). */
  held(seq: number): LiveOrder | undefined {
    return this.bySeq.get(seq)
  }

  /** Holds an order that has just come to rest. */
  add(order: LiveOrder): void {
    this.bySeq.set(order.row.seq, order)
  }

  /** Forgets an order that has ended (in a batch that is not on disk yet: `written` says when it is). */
  remove(seq: number): void {
    const order = this.bySeq.get(seq)
    this.bySeq.delete(seq)
    if (order) this.ended.set(seq, order.row)
  }

  /** The row of an order that ended in a batch not yet on disk. */
  endedRow(seq: number): OrderRow | undefined {
    return this.ended.get(seq)
  }

  /** The batch that ended these orders is on disk: their stored rows say so now. */
  written(seqs: readonly number[]): void {
    for (const seq of seqs) this.ended.delete(seq)
  }

  /** The batches that ended orders failed: the store is the truth again. */
  forgetEnded(): void {
    this.ended.clear()
  }

  /**
   * The live state of a resting order (or one that matching has just taken off its book), or
   * undefined when it has ended. An order restored at start is read from the store the first time it
   * is touched (`row` when the caller has just read it): its stored row is still open or partial,
   * since every change of a live order is written before its command ends.
   */
  of(seq: number, ticker: string, row?: OrderRow): LiveOrder | undefined {
    const live = this.bySeq.get(seq)
    if (live) return live
    if (this.ended.has(seq)) return undefined
    const stored = row ?? this.orders.bySeq(seq)
    if (!stored || (stored.status !== 'open' && stored.status !== 'partial')) return undefined
    const order: LiveOrder = {seq, ticker, accountNum: this.accountNum(stored.account_id), held: BigInt(stored.held), row: stored}
    this.bySeq.set(seq, order)
    return order
  }

  /** The engine's number for an account: given on first sight, stable for the life of the process. */
  accountNum(accountId: string): number {
    let num = this.accountNums.get(accountId)
    if (num === undefined) {
      num = this.accountNums.size + 1
      this.accountNums.set(accountId, num)
    }
    return num
  }

  /** Forgets every order of a ticker whose book is being rebuilt. */
  dropTicker(symbol: string): void {
    for (const [seq, order] of this.bySeq) if (order.ticker === symbol) this.bySeq.delete(seq)
  }
}
