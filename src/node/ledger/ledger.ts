/**
 * The double-entry ledger. It owns balance accounts, balances and the journal.
 *
 * Every change of a balance is a posting inside a journal transaction; the postings of one
 * transaction sum to zero per asset (checked before anything is written). A posting moves an
 * amount of one bucket (`available` or `locked`) of one balance account; a hold is the pair
 * available -x / locked +x on the same balance account. Amounts are bigint minor units.
 *
 * All methods are synchronous and must run inside the caller's SQLite transaction when they are
 * part of a larger change (better-sqlite3 nests them as savepoints); on their own they open one.
 */
import {randomUUID} from 'node:crypto'
import type {Db} from '../store/database.js'
import {alreadyExists, invalid, notFound} from '../ground/errors.js'
import {timeOrderedId} from '../ground/ids.js'
import {nowIso} from '../ground/time.js'
import type {WriteOp} from '../store/writer.js'
import {LedgerBatch, type LedgerWrites} from './batch.js'
import {assertBalanced, assertPositive, fingerprintOf, holdPostings, insufficient, releasePostings} from './postings.js'
import type {
  AccountRecord,
  BalanceAccount,
  BalanceAccountKind,
  BalanceRecord,
  BalanceRow,
  CachedBalance,
  EntryFilter,
  JournalEntry,
  Posting,
  Posted,
  PostResult,
  Reservations,
  SystemKind,
  TransactionInput,
  VerifyReport,
} from './types.js'
import {readEntries} from './entries.js'
import {verifyLedger} from './verify.js'

export type * from './types.js'
export {LedgerBatch, registerLedgerWrites, type LedgerWrites} from './batch.js'
export {assertBalanced} from './postings.js'

/** Kinds that exist once per node (owner_id NULL); see SystemKind. */
const SYSTEM_KINDS: ReadonlySet<BalanceAccountKind> = new Set(['external', 'fee', 'hot_wallet', 'cold_storage', 'chain_fees'])
const MAY_GO_NEGATIVE: ReadonlySet<SystemKind> = new Set(['external', 'hot_wallet'])

/** Records a committed `post` inside its transaction (`Ledger.useJournal`). */
export type PostJournal = (posted: Posted, standalone: boolean, balances: BalanceRow[]) => void

/** The distinct (balance account, asset) pairs of some postings, in order. */
function uniqueBalances(postings: readonly Posting[]): [string, string][] {
  const seen = new Map<string, [string, string]>()
  for (const {balanceAccountId, asset} of postings) seen.set(`${balanceAccountId}|${asset}`, [balanceAccountId, asset])
  return [...seen.values()]
}

export const isSystemKind = (kind: string): boolean => SYSTEM_KINDS.has(kind as BalanceAccountKind)

export class Ledger {
  private readonly statements
  /**
   * Whether a balance account may go negative, by id: fixed when the account is created. An entry
   * read inside a transaction that then rolled back the account's creation names an id that no
   * longer exists, which no posting can use (its entries would break the foreign key).
   */
  private readonly allowNegative = new Map<string, boolean>()
  /**
   * Balances the trading path keeps in memory (LedgerBatch), by `${balanceAccountId}|${asset}`:
   * loaded from the store on first use, then ahead of it by the batches in flight. A balance changed
   * here on the main connection (which first waits for those batches, store/writer.ts) is dropped and
   * read again on next use.
   */
  private readonly balanceCache = new Map<string, CachedBalance>()
  /** Journal transactions are numbered here, so a batch can write its entries without reading back an id. */
  private nextTransactionSeq: number
  private reservations: (() => Reservations) | undefined
  private readonly postedListeners = new Set<(posted: Posted) => void>()
  private journal: PostJournal | undefined

  constructor(private readonly db: Db) {
    this.statements = {
      insertAccount: db.prepare(
        'INSERT INTO balance_accounts (id, owner_id, kind, allow_negative, created_at) VALUES (?, ?, ?, ?, ?)',
      ),
      accountById: db.prepare<[string], AccountRecord>('SELECT * FROM balance_accounts WHERE id = ?'),
      accountOfOwner: db.prepare<[string, string], AccountRecord>(
        'SELECT * FROM balance_accounts WHERE owner_id = ? AND kind = ?',
      ),
      systemAccount: db.prepare<[string], AccountRecord>('SELECT * FROM balance_accounts WHERE owner_id IS NULL AND kind = ?'),
      balance: db.prepare<[string, string], BalanceRecord>(
        'SELECT available, locked FROM balances WHERE balance_account_id = ? AND asset = ?',
      ),
      upsertBalance: db.prepare(
        `INSERT INTO balances (balance_account_id, asset, available, locked) VALUES (?, ?, ?, ?)
         ON CONFLICT (balance_account_id, asset) DO UPDATE SET available = excluded.available, locked = excluded.locked`,
      ),
      balancesOf: db.prepare<[string], {balance_account_id: string; asset: string} & BalanceRecord>(
        'SELECT balance_account_id, asset, available, locked FROM balances WHERE balance_account_id = ? ORDER BY asset',
      ),
      byKey: db.prepare<[string], {id: string; seq: number; fingerprint: string | null}>(
        'SELECT id, seq, fingerprint FROM ledger_transactions WHERE idempotency_key = ?',
      ),
      insertTx: db.prepare(
        `INSERT INTO ledger_transactions (seq, id, type, reference_id, idempotency_key, fingerprint, reason, operator, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      insertEntry: db.prepare(
        'INSERT INTO ledger_entries (uid, tx_seq, balance_account_id, asset, bucket, amount, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
    }
    const last = db.prepare('SELECT max(seq) AS seq FROM ledger_transactions').get() as {seq: number | null}
    this.nextTransactionSeq = (last.seq ?? 0) + 1
  }

  /** Creates the balance account of `kind` for an owner (an exchange account). */
  openBalanceAccount(ownerId: string, kind: 'funding' | 'trading'): string {
    const id = randomUUID()
    this.statements.insertAccount.run(id, ownerId, kind, 0, nowIso())
    return id
  }

  /** The system balance account of `kind`, created on first use. */
  systemAccount(kind: SystemKind): string {
    const existing = this.statements.systemAccount.get(kind)
    if (existing) return existing.id
    const id = randomUUID()
    this.statements.insertAccount.run(id, null, kind, MAY_GO_NEGATIVE.has(kind) ? 1 : 0, nowIso())
    return id
  }

  /** The owner's balance account of `kind`, or undefined. */
  balanceAccountOf(ownerId: string, kind: 'funding' | 'trading'): string | undefined {
    return this.statements.accountOfOwner.get(ownerId, kind)?.id
  }

  getBalanceAccount(id: string): BalanceAccount | undefined {
    const row = this.statements.accountById.get(id)
    return row && {id: row.id, ownerId: row.owner_id, kind: row.kind, allowNegative: row.allow_negative === 1}
  }

  /** Available and locked minor units of one asset in one balance account (zero when never touched). */
  balance(balanceAccountId: string, asset: string): {available: bigint; locked: bigint} {
    const row = this.statements.balance.get(balanceAccountId, asset)
    return row ? {available: BigInt(row.available), locked: BigInt(row.locked)} : {available: 0n, locked: 0n}
  }

  /** Every asset row of a balance account. */
  balancesOf(balanceAccountId: string): BalanceRow[] {
    return this.statements.balancesOf.all(balanceAccountId).map((row) => ({
      balanceAccountId: row.balance_account_id,
      asset: row.asset,
      available: BigInt(row.available),
      locked: BigInt(row.locked),
    }))
  }

  /**
   * Writes one journal transaction and applies its postings to the balances. Throws, writing
   * nothing, when the postings do not balance per asset, a balance account is unknown, or a
   * non-negative balance would go below zero (`insufficient_funds`).
   */
  post(input: TransactionInput): PostResult {
    assertBalanced(input.postings)
    const fingerprint = input.idempotencyKey === undefined ? null : fingerprintOf(input)
    const standalone = !this.db.inTransaction
    const result = this.db.transaction((): PostResult => {
      if (input.idempotencyKey !== undefined) {
        const previous = this.statements.byKey.get(input.idempotencyKey)
        if (previous) {
          if (previous.fingerprint !== fingerprint) {
            throw alreadyExists('idempotency key was already used for a different operation')
          }
          return {id: previous.id, seq: previous.seq, replayed: true}
        }
      }
      const id = timeOrderedId()
      for (const posting of input.postings) this.apply(posting)
      const seq = this.writeJournal(id, input, fingerprint, nowIso())
      if (this.journal) {
        const balances = uniqueBalances(input.postings).map(([balanceAccountId, asset]) => ({
          balanceAccountId,
          asset,
          ...this.balance(balanceAccountId, asset),
        }))
        this.journal({id, type: input.type, postings: input.postings, atMs: Date.now()}, standalone, balances)
      }
      return {id, seq, replayed: false}
    })()
    // Only a transaction this call committed: inside a caller's transaction it may still roll back.
    if (!result.replayed && this.postedListeners.size > 0 && !this.db.inTransaction) {
      const posted: Posted = {id: result.id, type: input.type, postings: input.postings, atMs: Date.now()}
      for (const listener of this.postedListeners) listener(posted)
    }
    return result
  }

  /**
   * Calls `listener` after each journal transaction `post` commits on its own (a manual operation, a
   * transfer between balance accounts, a deposit credited); not for the trading path's batches (their
   * `committed` event tells), nor for a post inside a caller's larger transaction. A listener must not
   * throw. Returns the unsubscribe.
   */
  onPosted(listener: (posted: Posted) => void): () => void {
    this.postedListeners.add(listener)
    return () => this.postedListeners.delete(listener)
  }

  /**
   * Records every transaction `post` commits inside its transaction, with the balances it left (the
   * cluster's event log, docs/cluster.md "Events"); `standalone` when it is no caller's larger transaction. Set by
   * the sequencer only.
   */
  useJournal(journal: PostJournal): void {
    this.journal = journal
  }

  /** Moves `amount` of `asset` from one balance account's available funds to another's. */
  transfer(from: string, to: string, asset: string, amount: bigint, meta: Omit<TransactionInput, 'postings'>): PostResult {
    if (from === to) throw invalid('source and destination balance accounts must differ')
    assertPositive(amount)
    return this.post({
      ...meta,
      postings: [
        {balanceAccountId: from, asset, bucket: 'available', amount: -amount},
        {balanceAccountId: to, asset, bucket: 'available', amount},
      ],
    })
  }

  /** Locks `amount` of the available funds (orders, escrow, pending withdrawals). */
  hold(balanceAccountId: string, asset: string, amount: bigint, meta: Omit<TransactionInput, 'postings'>): PostResult {
    return this.post({...meta, postings: holdPostings(balanceAccountId, asset, amount)})
  }

  /** Returns `amount` of locked funds to available. */
  release(balanceAccountId: string, asset: string, amount: bigint, meta: Omit<TransactionInput, 'postings'>): PostResult {
    return this.post({...meta, postings: releasePostings(balanceAccountId, asset, amount)})
  }

  /** Journal entries of some balance accounts, newest first, with the total count for paging (entries.ts). */
  entries(filter: EntryFilter): {entries: JournalEntry[]; total: number} {
    return readEntries(this.db, filter)
  }

  /**
   * Checks the whole ledger: per asset the journal sums to zero, every balance equals the sum of
   * its entries (per bucket; for reserved kinds, in total, with `locked` equal to the reservations),
   * and no balance that may not go negative is negative. Reads one snapshot of the store.
   */
  verify(): VerifyReport {
    return this.db.transaction(() => verifyLedger(this.db, this.reservations?.()))()
  }

  /** Where `verify` reads the funds reserved outside the journal (the trading service's open orders). */
  reservedBy(source: () => Reservations): void {
    this.reservations = source
  }

  /** A batch of postings and reservations whose writes go to `ops` (see LedgerBatch). */
  batch(createdAt: string, writes: LedgerWrites, ops: WriteOp[]): LedgerBatch {
    return new LedgerBatch(this, writes, ops, createdAt)
  }

  /** The in-memory balance a LedgerBatch works on (loaded from the store on first use). */
  cached(balanceAccountId: string, asset: string): CachedBalance {
    const key = `${balanceAccountId}|${asset}`
    let balance = this.balanceCache.get(key)
    if (!balance) {
      const allowNegative = this.allowsNegative(balanceAccountId)
      balance = {balanceAccountId, asset, ...this.balance(balanceAccountId, asset), allowNegative}
      this.balanceCache.set(key, balance)
    }
    return balance
  }

  /** Forgets every cached balance (after the batches in flight failed: the store is the truth again). */
  dropCache(): void {
    this.balanceCache.clear()
  }

  takeTransactionSeq(): number {
    return this.nextTransactionSeq++
  }

  /** Inserts a transaction row and its entries; the caller has checked and applied the postings. Returns its seq. */
  private writeJournal(id: string, input: TransactionInput, fingerprint: string | null, createdAt: string): number {
    const seq = this.takeTransactionSeq()
    this.statements.insertTx.run(
      seq,
      id,
      input.type,
      input.referenceId ?? null,
      input.idempotencyKey ?? null,
      fingerprint,
      input.reason ?? null,
      input.operator ?? null,
      createdAt,
    )
    for (const posting of input.postings) {
      this.statements.insertEntry.run(
        timeOrderedId(),
        seq,
        posting.balanceAccountId,
        posting.asset,
        posting.bucket,
        posting.amount.toString(),
        createdAt,
      )
    }
    return seq
  }

  /** Whether the balance account may go negative; NOT_FOUND when it does not exist. */
  private allowsNegative(balanceAccountId: string): boolean {
    let allowed = this.allowNegative.get(balanceAccountId)
    if (allowed === undefined) {
      const account = this.getBalanceAccount(balanceAccountId)
      if (!account) throw notFound(`balance account ${balanceAccountId} not found`)
      allowed = account.allowNegative
      this.allowNegative.set(balanceAccountId, allowed)
    }
    return allowed
  }

  private apply(posting: Posting): void {
    const allowNegative = this.allowsNegative(posting.balanceAccountId)
    const current = this.balance(posting.balanceAccountId, posting.asset)
    const next = {...current, [posting.bucket]: current[posting.bucket] + posting.amount}
    if (!allowNegative && next[posting.bucket] < 0n) throw insufficient(posting)
    this.statements.upsertBalance.run(posting.balanceAccountId, posting.asset, next.available.toString(), next.locked.toString())
    // Read again on next use: this transaction may yet roll back.
    this.balanceCache.delete(`${posting.balanceAccountId}|${posting.asset}`)
  }
}
