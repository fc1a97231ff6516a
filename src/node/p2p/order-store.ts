/** Rows of P2P orders and their history: reads and the few writes the order service composes. */
import type {Db} from '../store/database.js'
import {absent} from '../ground/errors.js'
import type {P2PStatus} from './states.js'

export type Order = {
  id: string
  seq: number
  advertisementId: string
  asset: string
  fiat: string
  /** Fiat minor units per whole unit of the asset. */
  price: bigint
  /** Crypto minor units. */
  amount: bigint
  fiatAmount: bigint
  /** Taker fee in crypto minor units (0 by default). */
  fee: bigint
  buyerId: string
  sellerId: string
  makerId: string
  takerId: string
  paymentMethod: string | null
  status: P2PStatus
  /** Deadline of the current state's timer (ms since the epoch), or null. */
  deadlineMs: number | null
  createdAt: string
  updatedAt: string
}

export type HistoryEntry = {status: P2PStatus; at: string; by: string}

type OrderRow = {
  id: string
  seq: number
  advertisement_id: string
  asset: string
  fiat: string
  price: string
  amount: string
  fiat_amount: string
  fee: string
  buyer_id: string
  seller_id: string
  maker_id: string
  taker_id: string
  payment_method: string | null
  status: P2PStatus
  deadline_ms: number | null
  created_at: string
  updated_at: string
}

const toOrder = (row: OrderRow): Order => ({
  id: row.id,
  seq: row.seq,
  advertisementId: row.advertisement_id,
  asset: row.asset,
  fiat: row.fiat,
  price: BigInt(row.price),
  amount: BigInt(row.amount),
  fiatAmount: BigInt(row.fiat_amount),
  fee: BigInt(row.fee),
  buyerId: row.buyer_id,
  sellerId: row.seller_id,
  makerId: row.maker_id,
  takerId: row.taker_id,
  paymentMethod: row.payment_method,
  status: row.status,
  deadlineMs: row.deadline_ms,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

export type OrderFilter = {partyId?: string; status?: P2PStatus; limit: number; offset: number}

export class OrderStore {
  constructor(private readonly db: Db) {}

  insert(order: Omit<Order, 'seq'>): void {
    const seq = (this.db.prepare('SELECT coalesce(max(seq), 0) + 1 AS n FROM p2p_orders').get() as {n: number}).n
    this.db
      .prepare(
        `INSERT INTO p2p_orders (id, seq, advertisement_id, asset, fiat, price, amount, fiat_amount, fee, buyer_id, seller_id,
           maker_id, taker_id, payment_method, status, deadline_ms, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        order.id,
        seq,
        order.advertisementId,
        order.asset,
        order.fiat,
        order.price.toString(),
        order.amount.toString(),
        order.fiatAmount.toString(),
        order.fee.toString(),
        order.buyerId,
        order.sellerId,
        order.makerId,
        order.takerId,
        order.paymentMethod,
        order.status,
        order.deadlineMs,
        order.createdAt,
        order.updatedAt,
      )
  }

  get(id: string): Order | undefined {
    const row = this.db.prepare('SELECT * FROM p2p_orders WHERE id = ?').get(id) as OrderRow | undefined
    return row && toOrder(row)
  }

  require(id: string): Order {
    const order = this.get(id)
    if (!order) throw absent('P2P order', id)
    return order
  }

  setStatus(id: string, status: P2PStatus, deadlineMs: number | null, at: string, paymentMethod?: string): void {
    this.db
      .prepare(
        'UPDATE p2p_orders SET status = ?, deadline_ms = ?, updated_at = ?, payment_method = coalesce(?, payment_method) WHERE id = ?',
      )
      .run(status, deadlineMs, at, paymentMethod ?? null, id)
  }

  addHistory(orderId: string, entry: HistoryEntry): void {
    this.db
      .prepare('INSERT INTO p2p_order_history (order_id, status, at, by) VALUES (?, ?, ?, ?)')
      .run(orderId, entry.status, entry.at, entry.by)
  }

  history(orderId: string): HistoryEntry[] {
    return this.db
      .prepare('SELECT status, at, by FROM p2p_order_history WHERE order_id = ? ORDER BY seq')
      .all(orderId) as HistoryEntry[]
  }

  list(filter: OrderFilter): Order[] {
    const where: string[] = []
    const params: (string | number)[] = []
    if (filter.partyId !== undefined) {
      where.push('(buyer_id = ? OR seller_id = ?)')
      params.push(filter.partyId, filter.partyId)
    }
    if (filter.status !== undefined) {
      where.push('status = ?')
      params.push(filter.status)
    }
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''
    const rows = this.db
      .prepare(`SELECT * FROM p2p_orders ${clause} ORDER BY seq DESC LIMIT ? OFFSET ?`)
      .all(...params, filter.limit, filter.offset) as OrderRow[]
    return rows.map(toOrder)
  }

  /** Ids of orders whose deadline is at or before `nowMs`. */
  due(nowMs: number): string[] {
    return (
      this.db.prepare('SELECT id FROM p2p_orders WHERE deadline_ms <= ? ORDER BY deadline_ms').all(nowMs) as {id: string}[]
    ).map((row) => row.id)
  }
}
