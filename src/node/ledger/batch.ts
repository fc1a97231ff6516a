import type {WriteOp} from '../store/writer.js'
import {timeOrderedId} from '../ground/ids.js'
import {assertBalanced, assertPositive, insufficient} from './postings.js'
import type {BalanceRow, BatchStore, CachedBalance, Posting, TransactionInput} from './types.js'

/** The statement indexes a LedgerBatch writes with, registered on the Writer (`registerLedgerWrites`). */
export type LedgerWrites = {transaction: number; entry: number; balance: number}

/** Registers the ledger's row writes on a writer (Writer.register). */
export function registerLedgerWrites(register: (sql: string) => number): LedgerWrites {
  return {
    transaction: register(
      `INSERT INTO ledger_transactions (seq, id, type, reference_id, idempotency_key, fingerprint, reason, operator, created_at)
       VALUES (?, ?, ?, ?, NULL, NULL, NULL, NULL, ?)`,
    ),
    entry: register(
      'INSERT INTO ledger_entries (uid, tx_seq, balance_account_id, asset, bucket, amount, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    balance: register(
      `INSERT INTO balances (balance_account_id, asset, available, locked) VALUES (?, ?, ?, ?)
       ON CONFLICT (balance_account_id, asset) DO UPDATE SET available = excluded.available, locked = excluded.locked`,
    ),
  }
}

/**
 * Postings and reservations made by one group commit of the trading service. Balances live in the
 * ledger's cache (`BatchStore.cached`), which is ahead of the store by the batches in flight: the
 * checks run against it, and every change is also written as operations (`ops`) that the writer
 * thread commits in the batch's transaction — the journal rows as each transaction is posted, each
 * changed balance once, by `close`.
 *
 * A reservation (an order's hold, docs/ledger.md "Money is never lost") moves funds between a balance's available and locked
 * without a journal transaction: the order row's `held` is its record. Every posting of a
 * transaction, and a reservation, is checked before anything of it changes, so a refused one
 * (`insufficient_funds`) leaves no trace. If the batch is given up before `close`, `abort` puts the
 * cached balances back as they were before it.
 */
export class LedgerBatch {
  private readonly touched = new Map<CachedBalance, {available: bigint; locked: bigint}>()

  constructor(
    private readonly ledger: BatchStore,
    private readonly writes: LedgerWrites,
    private readonly ops: WriteOp[],
    private readonly createdAt: string,
  ) {}

  /** Checks, then applies and writes, one journal transaction; returns its id. Throws before any change when funds are short. */
  post(input: Omit<TransactionInput, 'idempotencyKey'>): string {
    assertBalanced(input.postings)
    const balances: CachedBalance[] = []
    const next: bigint[] = []
    input.postings.forEach((posting, i) => {
      const balance = this.ledger.cached(posting.balanceAccountId, posting.asset)
      // A transaction may post twice to one bucket: the check is on the running value.
      let value = balance[posting.bucket]
      for (let j = 0; j < i; j++) {
        if (balances[j] === balance && input.postings[j]!.bucket === posting.bucket) value = next[j]!
      }
      value += posting.amount
      if (value < 0n && !balance.allowNegative) throw insufficient(posting)
      balances.push(balance)
      next.push(value)
    })
    input.postings.forEach((posting, i) => this.set(balances[i]!, posting.bucket, next[i]!))
    const id = timeOrderedId()
    const seq = this.ledger.takeTransactionSeq()
    this.ops.push([this.writes.transaction, [seq, id, input.type, input.referenceId ?? null, this.createdAt]])
    for (const posting of input.postings) this.entry(seq, posting)
    return id
  }

  /** Reserves `amount` of the available funds for an order (no journal transaction). Throws before any change when short. */
  reserve(balanceAccountId: string, asset: string, amount: bigint): void {
    assertPositive(amount)
    const balance = this.ledger.cached(balanceAccountId, asset)
    if (balance.available < amount) throw insufficient({balanceAccountId, asset, bucket: 'available', amount: -amount})
    this.set(balance, 'available', balance.available - amount)
    this.set(balance, 'locked', balance.locked + amount)
  }

  /** A balance's available funds as this batch sees them (what `reserve` checks). */
  available(balanceAccountId: string, asset: string): bigint {
    return this.ledger.cached(balanceAccountId, asset).available
  }

  /** Gives back the unused part of a reservation. */
  unreserve(balanceAccountId: string, asset: string, amount: bigint): void {
    assertPositive(amount)
    const balance = this.ledger.cached(balanceAccountId, asset)
    if (balance.locked < amount) throw insufficient({balanceAccountId, asset, bucket: 'locked', amount: -amount})
    this.set(balance, 'locked', balance.locked - amount)
    this.set(balance, 'available', balance.available + amount)
  }

  /** The balances the batch changed so far, as they are now (the cluster's event log carries them). */
  changed(): BalanceRow[] {
    return [...this.touched.keys()].map(({balanceAccountId, asset, available, locked}) => ({
      balanceAccountId,
      asset,
      available,
      locked,
    }))
  }

  /** Writes every balance the batch changed. */
  close(): void {
    for (const balance of this.touched.keys()) {
      this.ops.push([
        this.writes.balance,
        [balance.balanceAccountId, balance.asset, balance.available.toString(), balance.locked.toString()],
      ])
    }
    this.touched.clear()
  }

  /** Puts every balance the batch changed back as it was before the batch (its operations are dropped by the caller). */
  abort(): void {
    for (const [balance, before] of this.touched) {
      balance.available = before.available
      balance.locked = before.locked
    }
    this.touched.clear()
  }

  private set(balance: CachedBalance, bucket: 'available' | 'locked', value: bigint): void {
    if (!this.touched.has(balance)) this.touched.set(balance, {available: balance.available, locked: balance.locked})
    balance[bucket] = value
  }

  private entry(seq: number, posting: Posting): void {
    this.ops.push([
      this.writes.entry,
      [timeOrderedId(), seq, posting.balanceAccountId, posting.asset, posting.bucket, posting.amount.toString(), this.createdAt],
    ])
  }
}
