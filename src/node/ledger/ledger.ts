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
import {createHash, randomUUID} from 'node:crypto'
import type {Db} from '../store/database.js'
import {ExchangeError, alreadyExists, invalid, notFound} from '../errors.js'
import {timeOrderedId} from '../ids.js'
import {nowIso} from '../time.js'

export type Bucket = 'available' | 'locked'

/** Balance accounts owned by an account, and the system accounts that close the double entry. */
export type BalanceAccountKind = 'funding' | 'trading' | SystemKind

/**
 * Kinds that exist once per node (owner_id NULL). `external` stands for the world outside and may go
 * negative; `hot_wallet` and `cold_storage` book the exchange's own coins moved between its hot wallets
 * and cold storage (CONTRACT §10), the hot side going negative by what left it.
 */
export type SystemKind = 'external' | 'fee' | 'hot_wallet' | 'cold_storage'
const SYSTEM_KINDS: ReadonlySet<BalanceAccountKind> = new Set(['external', 'fee', 'hot_wallet', 'cold_storage'])
const MAY_GO_NEGATIVE: ReadonlySet<SystemKind> = new Set(['external', 'hot_wallet'])

export type Posting = {
  balanceAccountId: string
  asset: string
  bucket: Bucket
  /** Signed minor units: positive credits the bucket, negative debits it. Never zero. */
  amount: bigint
}

export type TransactionInput = {
  /** What caused it: manual_topup, manual_withdraw, transfer, hold, release, trade, fee, ... */
  type: string
  /** The id of the cause (an order, a trade, a withdrawal); defaults to none. */
  referenceId?: string
  /** A retried transaction with the same key is applied once. */
  idempotencyKey?: string
  /** Required for manual operations. */
  reason?: string
  /** Who ordered a manual operation. */
  operator?: string
  postings: Posting[]
}

export type PostResult = {id: string; seq: number; replayed: boolean}

export type BalanceAccount = {id: string; ownerId: string | null; kind: BalanceAccountKind; allowNegative: boolean}

export type BalanceRow = {balanceAccountId: string; asset: string; available: bigint; locked: bigint}

export type JournalEntry = {
  /** UUID of the entry. */
  id: string
  txId: string
  type: string
  referenceId: string | null
  reason: string | null
  balanceAccountId: string
  asset: string
  bucket: Bucket
  amount: bigint
  createdAt: string
}

export type EntryFilter = {
  balanceAccountIds: string[]
  asset?: string
  type?: string
  from?: string
  to?: string
  limit: number
  offset: number
}

export type VerifyReport = {
  ok: boolean
  transactions: number
  entries: number
  problems: string[]
  /** Per asset: sum of all entries (must be 0) and total held by user balance accounts. */
  assets: {asset: string; journalSum: bigint; userTotal: bigint}[]
}

type BalanceRecord = {available: string; locked: string}
type AccountRecord = {id: string; owner_id: string | null; kind: BalanceAccountKind; allow_negative: number}

export class Ledger {
  private readonly statements
  /**
   * Whether a balance account may go negative, by id: fixed when the account is created. An entry
   * read inside a transaction that then rolled back the account's creation names an id that no
   * longer exists, which no posting can use (its entries would break the foreign key).
   */
  private readonly allowNegative = new Map<string, boolean>()

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
        `INSERT INTO ledger_transactions (id, type, reference_id, idempotency_key, fingerprint, reason, operator, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      insertEntry: db.prepare(
        'INSERT INTO ledger_entries (uid, tx_seq, balance_account_id, asset, bucket, amount, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
    }
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
    return this.db.transaction((): PostResult => {
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
      return {id, seq, replayed: false}
    })()
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

  /** Journal entries of some balance accounts, newest first, with the total count for paging. */
  entries(filter: EntryFilter): {entries: JournalEntry[]; total: number} {
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
    const total = (this.db.prepare(`SELECT count(*) AS n ${from}`).get(...params) as {n: number}).n
    const rows = this.db
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

  /**
   * Checks the whole ledger: per asset the journal sums to zero, every balance equals the sum of
   * its entries (per bucket), and no balance that may not go negative is negative.
   */
  verify(): VerifyReport {
    const problems: string[] = []
    const journal = new Map<string, bigint>()
    const perBucket = new Map<string, bigint>()
    let entries = 0
    for (const row of this.db
      .prepare('SELECT balance_account_id, asset, bucket, amount FROM ledger_entries')
      .iterate() as Iterable<{balance_account_id: string; asset: string; bucket: Bucket; amount: string}>) {
      entries++
      const amount = BigInt(row.amount)
      journal.set(row.asset, (journal.get(row.asset) ?? 0n) + amount)
      const key = `${row.balance_account_id}|${row.asset}|${row.bucket}`
      perBucket.set(key, (perBucket.get(key) ?? 0n) + amount)
    }
    const userTotals = new Map<string, bigint>()
    const seen = new Set<string>()
    for (const row of this.db
      .prepare(
        `SELECT b.balance_account_id, b.asset, b.available, b.locked, a.kind, a.allow_negative
         FROM balances b JOIN balance_accounts a ON a.id = b.balance_account_id`,
      )
      .iterate() as Iterable<
      {balance_account_id: string; asset: string; kind: BalanceAccountKind; allow_negative: number} & BalanceRecord
    >) {
      for (const bucket of ['available', 'locked'] as const) {
        const key = `${row.balance_account_id}|${row.asset}|${bucket}`
        seen.add(key)
        const stored = BigInt(row[bucket])
        const summed = perBucket.get(key) ?? 0n
        if (stored !== summed) {
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
    for (const [asset, sum] of journal) {
      if (sum !== 0n) problems.push(`journal of ${asset} sums to ${sum}, not 0`)
    }
    const transactions = (this.db.prepare('SELECT count(*) AS n FROM ledger_transactions').get() as {n: number}).n
    const assets = [...new Set([...journal.keys(), ...userTotals.keys()])].sort().map((asset) => ({
      asset,
      journalSum: journal.get(asset) ?? 0n,
      userTotal: userTotals.get(asset) ?? 0n,
    }))
    return {ok: problems.length === 0, transactions, entries, problems, assets}
  }

  /** A batch of postings inside the caller's open SQLite transaction (see LedgerBatch). */
  batch(createdAt: string): LedgerBatch {
    return new LedgerBatch(this, createdAt)
  }

  /** Inserts a transaction row and its entries; the caller has checked and applied the postings. Returns its seq. */
  writeJournal(id: string, input: TransactionInput, fingerprint: string | null, createdAt: string): number {
    const {lastInsertRowid} = this.statements.insertTx.run(
      id,
      input.type,
      input.referenceId ?? null,
      input.idempotencyKey ?? null,
      fingerprint,
      input.reason ?? null,
      input.operator ?? null,
      createdAt,
    )
    const seq = Number(lastInsertRowid)
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
  allowsNegative(balanceAccountId: string): boolean {
    let allowed = this.allowNegative.get(balanceAccountId)
    if (allowed === undefined) {
      const account = this.getBalanceAccount(balanceAccountId)
      if (!account) throw notFound(`balance account ${balanceAccountId} not found`)
      allowed = account.allowNegative
      this.allowNegative.set(balanceAccountId, allowed)
    }
    return allowed
  }

  /** Writes a balance row as a batch has computed it. */
  writeBalance(balanceAccountId: string, asset: string, available: bigint, locked: bigint): void {
    this.statements.upsertBalance.run(balanceAccountId, asset, available.toString(), locked.toString())
  }

  private apply(posting: Posting): void {
    const allowNegative = this.allowsNegative(posting.balanceAccountId)
    const current = this.balance(posting.balanceAccountId, posting.asset)
    const next = {...current, [posting.bucket]: current[posting.bucket] + posting.amount}
    if (!allowNegative && next[posting.bucket] < 0n) throw insufficient(posting)
    this.statements.upsertBalance.run(posting.balanceAccountId, posting.asset, next.available.toString(), next.locked.toString())
  }
}

/** The invariant committed with every transaction: per asset the postings sum to exactly zero. */
export function assertBalanced(postings: Posting[]): void {
  if (postings.length < 2) throw new ExchangeError('internal', 'a ledger transaction needs at least two postings')
  const sums = new Map<string, bigint>()
  for (const posting of postings) {
    if (typeof posting.amount !== 'bigint' || posting.amount === 0n) {
      throw new ExchangeError('internal', `ledger posting amount must be a non-zero bigint, got ${String(posting.amount)}`)
    }
    sums.set(posting.asset, (sums.get(posting.asset) ?? 0n) + posting.amount)
  }
  for (const [asset, total] of sums) {
    if (total !== 0n) throw new ExchangeError('internal', `unbalanced ledger transaction: ${asset} postings sum to ${total}`)
  }
}

/** The refusal of a posting that would take a balance that may not go negative below zero. */
function insufficient(posting: Posting): ExchangeError {
  return new ExchangeError(
    'insufficient_funds',
    `insufficient ${posting.bucket} ${posting.asset} in balance account ${posting.balanceAccountId}`,
  )
}

/** A hold: `amount` (positive) of the available funds moves to locked. */
function holdPostings(balanceAccountId: string, asset: string, amount: bigint): Posting[] {
  assertPositive(amount)
  return [
    {balanceAccountId, asset, bucket: 'available', amount: -amount},
    {balanceAccountId, asset, bucket: 'locked', amount},
  ]
}

/** A release: `amount` (positive) of the locked funds goes back to available. */
function releasePostings(balanceAccountId: string, asset: string, amount: bigint): Posting[] {
  assertPositive(amount)
  return [
    {balanceAccountId, asset, bucket: 'locked', amount: -amount},
    {balanceAccountId, asset, bucket: 'available', amount},
  ]
}

/** Transfers, holds and releases move a positive amount; a negative one would silently reverse them. */
function assertPositive(amount: bigint): void {
  if (typeof amount !== 'bigint' || amount <= 0n)
    throw new ExchangeError('internal', `ledger amount must be a positive bigint, got ${String(amount)}`)
}

/** What makes two posts "the same operation" for idempotency: type, reference and postings (not reason or operator). */
function fingerprintOf(input: TransactionInput): string {
  const canonical = JSON.stringify([
    input.type,
    input.referenceId ?? null,
    input.postings.map((p) => [p.balanceAccountId, p.asset, p.bucket, p.amount.toString()]),
  ])
  return createHash('sha256').update(canonical).digest('hex')
}

export const isSystemKind = (kind: string): boolean => SYSTEM_KINDS.has(kind as BalanceAccountKind)

type BatchBalance = {
  balanceAccountId: string
  asset: string
  available: bigint
  locked: bigint
  allowNegative: boolean
  dirty: boolean
}

/**
 * Postings made by one group commit of the trading service, inside the SQLite transaction it holds
 * open. Each balance is read once, kept in memory while the batch runs and written once by `close`
 * (a batch of thousands of orders over a few dozen accounts writes a few dozen balance rows instead
 * of two per posting). Every posting of a transaction is checked before anything of it is written,
 * so a refused transaction (`insufficient_funds`) leaves no trace and needs no savepoint. The journal
 * rows (transaction and entries) are written as each transaction is posted, as `post` does.
 *
 * A batch lives as long as its SQLite transaction: call `close` before committing, and drop the
 * batch, unclosed, if the transaction rolls back.
 */
export class LedgerBatch {
  private readonly balances = new Map<string, BatchBalance>()

  constructor(
    private readonly ledger: Ledger,
    private readonly createdAt: string,
  ) {}

  /** Checks, then writes, one journal transaction; returns its id. Throws before writing when funds are short. */
  post(input: Omit<TransactionInput, 'idempotencyKey'>): string {
    assertBalanced(input.postings)
    const touched: BatchBalance[] = []
    const next: bigint[] = []
    input.postings.forEach((posting, i) => {
      const balance = this.balanceOf(posting.balanceAccountId, posting.asset)
      // A transaction may post twice to one bucket: the check is on the running value.
      let value = balance[posting.bucket]
      for (let j = 0; j < i; j++) {
        if (touched[j] === balance && input.postings[j]!.bucket === posting.bucket) value = next[j]!
      }
      value += posting.amount
      if (value < 0n && !balance.allowNegative) throw insufficient(posting)
      touched.push(balance)
      next.push(value)
    })
    input.postings.forEach((posting, i) => {
      touched[i]![posting.bucket] = next[i]!
      touched[i]!.dirty = true
    })
    const id = timeOrderedId()
    this.ledger.writeJournal(id, input, null, this.createdAt)
    return id
  }

  /** Locks `amount` of the available funds. */
  hold(balanceAccountId: string, asset: string, amount: bigint, meta: {type: string; referenceId: string}): string {
    return this.post({...meta, postings: holdPostings(balanceAccountId, asset, amount)})
  }

  /** Returns `amount` of locked funds to available. */
  release(balanceAccountId: string, asset: string, amount: bigint, meta: {type: string; referenceId: string}): string {
    return this.post({...meta, postings: releasePostings(balanceAccountId, asset, amount)})
  }

  /** Writes every balance the batch changed. */
  close(): void {
    for (const balance of this.balances.values()) {
      if (balance.dirty) this.ledger.writeBalance(balance.balanceAccountId, balance.asset, balance.available, balance.locked)
    }
    this.balances.clear()
  }

  private balanceOf(balanceAccountId: string, asset: string): BatchBalance {
    const key = `${balanceAccountId}|${asset}`
    let balance = this.balances.get(key)
    if (!balance) {
      const allowNegative = this.ledger.allowsNegative(balanceAccountId)
      const {available, locked} = this.ledger.balance(balanceAccountId, asset)
      balance = {balanceAccountId, asset, available, locked, allowNegative, dirty: false}
      this.balances.set(key, balance)
    }
    return balance
  }
}
