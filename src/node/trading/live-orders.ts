/** The orders the service holds live in memory, and the engine's numeric id of each account. */
import type {Orders, OrderRow} from '../orders/orders.js'
import type {LiveOrder} from './types.js'

export class LiveOrders {
  private readonly bySeq = new Map<number, LiveOrder>()
  private readonly accounts = new Map<string, LiveAccount>()
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
    const account = this.account(stored.account_id)
    stored.account_id = account.id
    const order: LiveOrder = {seq, ticker, accountNum: account.num, held: BigInt(stored.held), row: stored}
    this.bySeq.set(seq, order)
    return order
  }

  /** The engine's number for an account: given on first sight, stable for the life of the process. */
  accountNum(accountId: string): number {
    return this.account(accountId).num
  }

  /**
   * An account as the live orders know it: its engine number, and the one copy of its id that the
   * rows held live share. An id comes as a new string with every command a sequencer decodes and
   * every row read from the store: 36 characters (~56 bytes) more per resting order, kept for as
   * long as it rests, if each row kept its own.
   */
  account(accountId: string): LiveAccount {
    let account = this.accounts.get(accountId)
    if (account === undefined) {
      account = {num: this.accounts.size + 1, id: accountId}
      this.accounts.set(accountId, account)
    }
    return account
  }

  /** Forgets every order of a ticker whose book is being rebuilt. */
  dropTicker(symbol: string): void {
    for (const [seq, order] of this.bySeq) if (order.ticker === symbol) this.bySeq.delete(seq)
  }
}

/** An account's engine number and the copy of its id its live rows share. */
export type LiveAccount = {readonly num: number; readonly id: string}
