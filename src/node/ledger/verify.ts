import type {Db} from '../store/database.js'
import type {BalanceAccountKind, BalanceRecord, Bucket, Reservations, VerifyReport} from './types.js'

/**
 * Checks the whole ledger: per asset the journal sums to zero, every balance equals the sum of
 * its entries (per bucket), and no balance that may not go negative is negative. For balance
 * accounts of the reserved kind (trading: an order's hold is a reservation, not a journal
 * transaction — docs/ledger.md "Money is never lost"), available + locked equals the sum of the entries, and locked equals
 * the reservations behind it.
 */
export function verifyLedger(db: Db, reservations?: Reservations): VerifyReport {
  const problems: string[] = []
  const journal = new Map<string, bigint>()
  const perBucket = new Map<string, bigint>()
  let entries = 0
  for (const row of db.prepare('SELECT balance_account_id, asset, bucket, amount FROM ledger_entries').iterate() as Iterable<{
    balance_account_id: string
    asset: string
    bucket: Bucket
    amount: string
  }>) {
    entries++
    const amount = BigInt(row.amount)
    journal.set(row.asset, (journal.get(row.asset) ?? 0n) + amount)
    const key = `${row.balance_account_id}|${row.asset}|${row.bucket}`
    perBucket.set(key, (perBucket.get(key) ?? 0n) + amount)
  }
  const userTotals = new Map<string, bigint>()
  const seen = new Set<string>()
  for (const row of db
    .prepare(
      `SELECT b.balance_account_id, b.asset, b.available, b.locked, a.kind, a.allow_negative
       FROM balances b JOIN balance_accounts a ON a.id = b.balance_account_id`,
    )
    .iterate() as Iterable<
    {balance_account_id: string; asset: string; kind: BalanceAccountKind; allow_negative: number} & BalanceRecord
  >) {
    const reserved = reservations?.kind === row.kind
    if (reserved) {
      const balance = `${row.balance_account_id}|${row.asset}`
      const total = BigInt(row.available) + BigInt(row.locked)
      const summed = (perBucket.get(`${balance}|available`) ?? 0n) + (perBucket.get(`${balance}|locked`) ?? 0n)
      if (total !== summed) {
        problems.push(`balance ${row.balance_account_id} ${row.asset} totals ${total} but its entries sum to ${summed}`)
      }
      const held = reservations.amounts.get(balance) ?? 0n
      if (BigInt(row.locked) !== held) {
        problems.push(
          `balance ${row.balance_account_id} ${row.asset} locked is ${row.locked} but its reservations sum to ${held}`,
        )
      }
      reservations.amounts.delete(balance)
    }
    for (const bucket of ['available', 'locked'] as const) {
      const key = `${row.balance_account_id}|${row.asset}|${bucket}`
      seen.add(key)
      const stored = BigInt(row[bucket])
      const summed = perBucket.get(key) ?? 0n
      if (stored !== summed && !reserved) {
        problems.push(`balance ${row.balance_account_id} ${row.asset} ${bucket} is ${stored} but its entries sum to ${summed}`)
      }
      if (stored < 0n && row.allow_negative !== 1) {
        problems.push(`balance ${row.balance_account_id} ${row.asset} ${bucket} is negative (${stored})`)
      }
    }
    if (row.kind === 'funding' || row.kind === 'trading') {
      userTotals.set(row.asset, (userTotals.get(row.asset) ?? 0n) + BigInt(row.available) + BigInt(row.locked))
    }
  }
  for (const [key, summed] of perBucket) {
    if (!seen.has(key) && summed !== 0n) problems.push(`entries of ${key} sum to ${summed} but there is no balance row`)
  }
  for (const [balance, held] of reservations?.amounts ?? []) {
    if (held !== 0n) problems.push(`reservations of ${balance} sum to ${held} but there is no balance row`)
  }
  for (const [asset, sum] of journal) {
    if (sum !== 0n) problems.push(`journal of ${asset} sums to ${sum}, not 0`)
  }
  const transactions = (db.prepare('SELECT count(*) AS n FROM ledger_transactions').get() as {n: number}).n
  const assets = [...new Set([...journal.keys(), ...userTotals.keys()])].sort().map((asset) => ({
    asset,
    journalSum: journal.get(asset) ?? 0n,
    userTotal: userTotals.get(asset) ?? 0n,
  }))
  return {ok: problems.length === 0, transactions, entries, problems, assets}
}
