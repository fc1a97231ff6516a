/** The orders and trades tables. Only the trading service writes them; readers format through TickerSpec. */
import type {Db} from '../store/database.js'
import type {WriteOp} from '../store/writer.js'
import {ClientOrderIds} from './client-ids.js'

export type OrderStatus = 'open' | 'partial' | 'filled' | 'cancelled'
export const ORDER_STATUSES: readonly OrderStatus[] = ['open', 'partial', 'filled', 'cancelled']

export type OrderRow = {
  seq: number
  id: string
  account_id: string
  client_order_id: string | null
  ticker: string
  side: 'buy' | 'sell'
  type: 'limit' | 'market'
  time_in_force: 'GTC' | 'IOC' | 'FOK'
  post_only: number
  price_ticks: number
  qty_lots: number
  filled_lots: number
  /** Σ price_ticks x qty_lots over the order's fills (bigint as TEXT): its average price is this / filled_lots ticks. */
  filled_notional: string
  held_asset: string
  held: string
  status: OrderStatus
  reason: string | null
  created_at: string
  updated_at: string
  /** A stop order's stop price in ticks; null for any other order. */
  stop_ticks: number | null
  /** A stop order's direction: `rise` triggers at last >= stop, `fall` at last <= stop. */
  stop_trigger: 'rise' | 'fall' | null
  /** When a stop order triggered; null while it waits, and for every other order (working since created_at). */
  working_at: string | null
  /** A market buy's quote budget in minor units (bigint as TEXT), when it named one instead of a quantity. */
  quote_budget: string | null
  /** Its self-trade prevention mode when not the default (`expire_taker`). */
  self_trade: string | null
}

/** Whether an order is a stop still waiting for its trigger (open, and in no book). */
export const isWaitingStop = (row: Pick<OrderRow, 'stop_ticks' | 'working_at'>): boolean =>
  row.stop_ticks !== null && row.working_at === null

export type TradeRow = {
  seq: number
  id: string
  ticker: string
  price_ticks: number
  qty_lots: number
  quote_amount: string
  taker_side: 'buy' | 'sell'
  maker_order_seq: number
  taker_order_seq: number
  maker_account_id: string
  taker_account_id: string
  maker_fee: string
  taker_fee: string
  executed_at: string
  executed_ms: number
}

export type OrderQuery = {
  accountId: string
  ticker?: string
  status?: OrderStatus
  /** Only orders still resting (`open` or `partial`). */
  open?: boolean
  sinceSeq?: number
  from?: string
  to?: string
  limit: number
  offset: number
  /** Oldest first instead of newest first. */
  ascending?: boolean
}

export type TradeQuery = {
  accountId: string
  ticker?: string
  from?: string
  to?: string
  /** Only trades with a seq above this. */
  sinceSeq?: number
  /** Only the trades of this order of the account (by its seq). */
  orderSeq?: number
  limit: number
  offset: number
  /** Oldest first instead of newest first. */
  ascending?: boolean
}

/** The ids the writer thread gave the trading path's statements. */
type Writes = {insert: number; insertWhole: number; trigger: number; update: number; trade: number}

export class Orders {
  private readonly statements
  private writes: Writes | undefined
  /** Every client order id in the store or on its way there: most new ids need no index look-up. */
  private readonly clientIds: ClientOrderIds

  constructor(private readonly db: Db) {
    this.clientIds = new ClientOrderIds(db)
    this.statements = {
      bySeq: db.prepare<[number], OrderRow>('SELECT * FROM orders WHERE seq = ?'),
      byId: db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE id = ?'),
      // Answered from the partial index `orders_client_id` alone (migration 27), without visiting the table.
      seqByClientId: db
        .prepare<[string, string], number>('SELECT seq FROM orders WHERE account_id = ? AND client_order_id = ?')
        .pluck(),
      takerFills: db.prepare<[string, number], TradeRow>(
        'SELECT * FROM trades WHERE taker_account_id = ? AND taker_order_seq = ? ORDER BY seq',
      ),
      seqById: db.prepare<[string], number>('SELECT seq FROM orders WHERE id = ?').pluck(),
      maxOrderSeq: db.prepare<[], {seq: number | null}>('SELECT max(seq) AS seq FROM orders'),
      maxTradeSeq: db.prepare<[], {seq: number | null}>('SELECT max(seq) AS seq FROM trades'),
    }
  }

  /**
   * Registers the trading path's row writes on the writer thread (store/writer.ts); the `…Op`
   * methods then build them. Positional parameters: binding 18 named ones from an object cost more
   * than the insert's B-tree work.
   */
  registerWrites(register: (sql: string) => number): void {
    this.writes = {
      insert: register(
        `INSERT INTO orders (seq, id, account_id, client_order_id, ticker, side, type, time_in_force, post_only, price_ticks,
           qty_lots, filled_lots, filled_notional, held_asset, held, status, reason, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      update: register(
        'UPDATE orders SET filled_lots = ?, filled_notional = ?, held = ?, status = ?, reason = ?, updated_at = ? WHERE seq = ?',
      ),
      insertWhole: register(
        `INSERT INTO orders (seq, id, account_id, client_order_id, ticker, side, type, time_in_force, post_only, price_ticks,
           qty_lots, filled_lots, filled_notional, held_asset, held, status, reason, created_at, updated_at,
           stop_ticks, stop_trigger, working_at, quote_budget, self_trade)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      trigger: register(
        `UPDATE orders SET qty_lots = ?, filled_lots = ?, filled_notional = ?, held = ?, status = ?, reason = ?, updated_at = ?,
           working_at = ? WHERE seq = ?`,
      ),
      trade: register(
        `INSERT INTO trades (seq, id, ticker, price_ticks, qty_lots, quote_amount, taker_side, maker_order_seq, taker_order_seq,
           maker_account_id, taker_account_id, maker_fee, taker_fee, executed_at, executed_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
    }
  }

  insertOp(row: OrderRow): WriteOp {
    if (row.client_order_id !== null) this.clientIds.add(row.account_id, row.client_order_id)
    // Most orders have none of the later columns: their insert binds the first 19 only.
    const whole = row.stop_ticks !== null || row.quote_budget !== null || row.self_trade !== null
    const common = [
      row.seq,
      row.id,
      row.account_id,
      row.client_order_id,
      row.ticker,
      row.side,
      row.type,
      row.time_in_force,
      row.post_only,
      row.price_ticks,
      row.qty_lots,
      row.filled_lots,
      row.filled_notional,
      row.held_asset,
      row.held,
      row.status,
      row.reason,
      row.created_at,
      row.updated_at,
    ]
    if (!whole) return [this.requireWrites().insert, common]
    return [
      this.requireWrites().insertWhole,
      [...common, row.stop_ticks, row.stop_trigger, row.working_at, row.quote_budget, row.self_trade],
    ]
  }

  /** A stop order that has just triggered: its quantity (a market buy by budget is sized now), its state, its working time. */
  triggerOp(row: OrderRow): WriteOp {
    return [
      this.requireWrites().trigger,
      [
        row.qty_lots,
        row.filled_lots,
        row.filled_notional,
        row.held,
        row.status,
        row.reason,
        row.updated_at,
        row.working_at,
        row.seq,
      ],
    ]
  }

  updateOp(
    row: Pick<OrderRow, 'seq' | 'filled_lots' | 'filled_notional' | 'held' | 'status' | 'reason' | 'updated_at'>,
  ): WriteOp {
    return [
      this.requireWrites().update,
      [row.filled_lots, row.filled_notional, row.held, row.status, row.reason, row.updated_at, row.seq],
    ]
  }

  tradeOp(row: TradeRow): WriteOp {
    return [
      this.requireWrites().trade,
      [
        row.seq,
        row.id,
        row.ticker,
        row.price_ticks,
        row.qty_lots,
        row.quote_amount,
        row.taker_side,
        row.maker_order_seq,
        row.taker_order_seq,
        row.maker_account_id,
        row.taker_account_id,
        row.maker_fee,
        row.taker_fee,
        row.executed_at,
        row.executed_ms,
      ],
    ]
  }

  /** Settles once the store's client order ids are loaded (true) or could not be (false). */
  clientIdsLoaded(): Promise<boolean> {
    return this.clientIds.loaded
  }

  bySeq(seq: number): OrderRow | undefined {
    return this.statements.bySeq.get(seq)
  }

  byId(id: string): OrderRow | undefined {
    return this.statements.byId.get(id)
  }

  byClientOrderId(accountId: string, clientOrderId: string): OrderRow | undefined {
    const seq = this.seqByClientOrderId(accountId, clientOrderId)
    return seq === undefined ? undefined : this.statements.bySeq.get(seq)
  }

  /** The trades an order made as the taker, when it was placed (oldest first): its place answer's fills. */
  takerFills(accountId: string, seq: number): TradeRow[] {
    return this.statements.takerFills.all(accountId, seq)
  }

  /** The seq of an order by its id, answered from the id's index alone. */
  seqById(id: string): number | undefined {
    return this.statements.seqById.get(id)
  }

  /** The seq of an account's order by client order id, answered from that index alone. */
  seqByClientOrderId(accountId: string, clientOrderId: string): number | undefined {
    if (!this.clientIds.mayHave(accountId, clientOrderId)) return undefined
    return this.statements.seqByClientId.get(accountId, clientOrderId)
  }

  private requireWrites(): Writes {
    if (!this.writes) throw new Error('Orders.registerWrites was not called')
    return this.writes
  }

  /** What each open order still holds: the reservations behind its owner's locked funds (docs/ledger.md "Money is never lost"). */
  heldByOpenOrders(): Iterable<{account_id: string; held_asset: string; held: string}> {
    return this.db
      .prepare<[], {account_id: string; held_asset: string; held: string}>(
        "SELECT account_id, held_asset, held FROM orders WHERE status IN ('open', 'partial') AND held != '0'",
      )
      .iterate()
  }

  maxOrderSeq(): number {
    return this.statements.maxOrderSeq.get()?.seq ?? 0
  }

  maxTradeSeq(): number {
    return this.statements.maxTradeSeq.get()?.seq ?? 0
  }

  /** An account's orders, newest first, with the total for paging. */
  list(query: OrderQuery): {orders: OrderRow[]; total: number} {
    const where = ['account_id = ?']
    const params: unknown[] = [query.accountId]
    if (query.open) where.push("status IN ('open', 'partial')")
    const conditions: [string, unknown][] = [
      ['ticker = ?', query.ticker],
      ['status = ?', query.status],
      ['seq > ?', query.sinceSeq],
      ['created_at >= ?', query.from],
      ['created_at <= ?', query.to],
    ]
    for (const [condition, value] of conditions) {
      if (value === undefined) continue
      where.push(condition)
      params.push(value)
    }
    const clause = where.join(' AND ')
    const total = (this.db.prepare(`SELECT count(*) AS n FROM orders WHERE ${clause}`).get(...params) as {n: number}).n
    const orders = this.db
      .prepare<unknown[], OrderRow>(
        `SELECT * FROM orders WHERE ${clause} ORDER BY seq ${query.ascending ? 'ASC' : 'DESC'} LIMIT ? OFFSET ?`,
      )
      .all(...params, query.limit, query.offset)
    return {orders, total}
  }

  /** An account's trades (as maker or taker), newest first. */
  trades(query: TradeQuery): {trades: TradeRow[]; total: number} {
    const where = ['(maker_account_id = @account OR taker_account_id = @account)']
    if (query.ticker) where.push('ticker = @ticker')
    if (query.from) where.push('executed_at >= @from')
    if (query.to) where.push('executed_at <= @to')
    if (query.sinceSeq !== undefined) where.push('seq > @since')
    // An order seq is one account's: the account condition above keeps it to the caller's.
    if (query.orderSeq !== undefined) where.push('(maker_order_seq = @order OR taker_order_seq = @order)')
    const clause = where.join(' AND ')
    const params = {
      account: query.accountId,
      ticker: query.ticker,
      from: query.from,
      to: query.to,
      since: query.sinceSeq,
      order: query.orderSeq,
    }
    const total = (this.db.prepare(`SELECT count(*) AS n FROM trades WHERE ${clause}`).get(params) as {n: number}).n
    const trades = this.db
      .prepare<[typeof params & {limit: number; offset: number}], TradeRow>(
        `SELECT * FROM trades WHERE ${clause} ORDER BY seq ${query.ascending ? 'ASC' : 'DESC'} LIMIT @limit OFFSET @offset`,
      )
      .all({...params, limit: query.limit, offset: query.offset})
    return {trades, total}
  }
}
