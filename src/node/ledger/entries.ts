/**
 * The journal as an account's statement: its entries (`ledger_entries` joined with their
 * transactions), filtered by asset, type and time, newest first, a page at a time with the total.
 */
import type {Db} from '../store/database.js'
import type {Bucket, EntryFilter, JournalEntry} from './types.js'

/** Journal entries of some balance accounts, newest first, with the total count for paging. */
export function readEntries(db: Db, filter: EntryFilter): {entries: JournalEntry[]; total: number} {
  if (filter.balanceAccountIds.length === 0) return {entries: [], total: 0}
  const where = [`e.balance_account_id IN (${filter.balanceAccountIds.map(() => '?').join(', ')})`]
  const params: unknown[] = [...filter.balanceAccountIds]
  const conditions: [string, unknown][] = [
    ['e.asset = ?', filter.asset],
    ['t.type = ?', filter.type],
    ['e.created_at >= ?', filter.from],
    ['e.created_at <= ?', filter.to],
  ]
  for (const [condition, value] of conditions) {
    if (value === undefined) continue
    where.push(condition)
    params.push(value)
  }
  const from = `FROM ledger_entries e JOIN ledger_transactions t ON t.seq = e.tx_seq WHERE ${where.join(' AND ')}`
  const total = (db.prepare(`SELECT count(*) AS n ${from}`).get(...params) as {n: number}).n
  const rows = db
    .prepare(
      `SELECT e.uid, t.id AS tx_id, t.type, t.reference_id, t.reason, e.balance_account_id, e.asset, e.bucket, e.amount, e.created_at
       ${from} ORDER BY e.id DESC LIMIT ? OFFSET ?`,
    )
    .all(...params, filter.limit, filter.offset) as {
    uid: string
    tx_id: string
    type: string
    reference_id: string | null
    reason: string | null
    balance_account_id: string
    asset: string
    bucket: Bucket
    amount: string
    created_at: string
  }[]
  return {
    total,
    entries: rows.map((row) => ({
      id: row.uid,
      txId: row.tx_id,
      type: row.type,
      referenceId: row.reference_id,
      reason: row.reason,
      balanceAccountId: row.balance_account_id,
      asset: row.asset,
      bucket: row.bucket,
      amount: BigInt(row.amount),
      createdAt: row.created_at,
    })),
  }
}
