/**
 * Dispute records of P2P orders and the round-robin choice of their arbitrator among the active
 * admins with role `arbitrator`. The state changes they cause are the order service's.
 */
import {randomUUID} from 'node:crypto'
import type {Admins} from '../admins/admins.js'
import type {Db} from '../store/database.js'
import {notFound} from '../ground/errors.js'

export type DisputeStatus = 'open' | 'assigned' | 'decided'

export type Dispute = {
  id: string
  orderId: string
  /** The party who opened it, or `system` (timer). */
  initiator: string
  reason: string
  arbitratorId: string | null
  status: DisputeStatus
  winner: 'buyer' | 'seller' | null
  comment: string | null
  decidedBy: string | null
  createdAt: string
  assignedAt: string | null
  decidedAt: string | null
}

type DisputeRow = {
  id: string
  order_id: string
  initiator: string
  reason: string
  arbitrator_id: string | null
  status: DisputeStatus
  winner: 'buyer' | 'seller' | null
  comment: string | null
  decided_by: string | null
  created_at: string
  assigned_at: string | null
  decided_at: string | null
}

const toDispute = (row: DisputeRow): Dispute => ({
  id: row.id,
  orderId: row.order_id,
  initiator: row.initiator,
  reason: row.reason,
  arbitratorId: row.arbitrator_id,
  status: row.status,
  winner: row.winner,
  comment: row.comment,
  decidedBy: row.decided_by,
  createdAt: row.created_at,
  assignedAt: row.assigned_at,
  decidedAt: row.decided_at,
})

export class Disputes {
  constructor(
    private readonly db: Db,
    private readonly admins: Admins,
  ) {}

  open(orderId: string, initiator: string, reason: string, at: string): Dispute {
    const id = randomUUID()
    this.db
      .prepare("INSERT INTO p2p_disputes (id, order_id, initiator, reason, status, created_at) VALUES (?, ?, ?, ?, 'open', ?)")
      .run(id, orderId, initiator, reason, at)
    return this.require(id)
  }

  /** The next active arbitrator after the one assigned last (by admin id order), or undefined. */
  nextArbitrator(): string | undefined {
    const arbitrators = this.admins
      .list()
      .filter((admin) => admin.role === 'arbitrator' && !admin.disabled)
      .map((admin) => admin.id)
      .sort()
    if (arbitrators.length === 0) return undefined
    const last = this.db
      .prepare(
        'SELECT arbitrator_id FROM p2p_disputes WHERE arbitrator_id IS NOT NULL ORDER BY assigned_at DESC, seq DESC LIMIT 1',
      )
      .get() as {arbitrator_id: string} | undefined
    return arbitrators.find((id) => last === undefined || id > last.arbitrator_id) ?? arbitrators[0]
  }

  assign(id: string, arbitratorId: string, at: string): void {
    this.db
      .prepare("UPDATE p2p_disputes SET arbitrator_id = ?, status = 'assigned', assigned_at = ? WHERE id = ?")
      .run(arbitratorId, at, id)
  }

  decide(id: string, winner: 'buyer' | 'seller', comment: string, decidedBy: string, at: string): void {
    this.db
      .prepare("UPDATE p2p_disputes SET status = 'decided', winner = ?, comment = ?, decided_by = ?, decided_at = ? WHERE id = ?")
      .run(winner, comment, decidedBy, at, id)
  }

  get(id: string): Dispute | undefined {
    const row = this.db.prepare('SELECT * FROM p2p_disputes WHERE id = ?').get(id) as DisputeRow | undefined
    return row && toDispute(row)
  }

  require(id: string): Dispute {
    const dispute = this.get(id)
    if (!dispute) throw notFound(`dispute ${id} not found`)
    return dispute
  }

  ofOrder(orderId: string): Dispute | undefined {
    const row = this.db.prepare('SELECT * FROM p2p_disputes WHERE order_id = ?').get(orderId) as DisputeRow | undefined
    return row && toDispute(row)
  }

  /** Disputes still waiting for an arbitrator. */
  unassigned(): Dispute[] {
    return (this.db.prepare("SELECT * FROM p2p_disputes WHERE status = 'open' ORDER BY seq").all() as DisputeRow[]).map(toDispute)
  }

  list(filter: {status?: DisputeStatus; arbitratorId?: string}): Dispute[] {
    const where: string[] = []
    const params: string[] = []
    if (filter.status) {
      where.push('status = ?')
      params.push(filter.status)
    }
    if (filter.arbitratorId) {
      where.push('arbitrator_id = ?')
      params.push(filter.arbitratorId)
    }
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''
    return (
      this.db.prepare(`SELECT * FROM p2p_disputes ${clause} ORDER BY seq DESC LIMIT 500`).all(...params) as DisputeRow[]
    ).map(toDispute)
  }
}
