/** The ledger's vocabulary: buckets, balance accounts, postings, transactions, journal entries. */
export type Bucket = 'available' | 'locked'

/** Balance accounts owned by an account, and the system accounts that close the double entry. */
export type BalanceAccountKind = 'funding' | 'trading' | SystemKind

/**
 * Kinds that exist once per node (owner_id NULL). `external` stands for the world outside and may go
 * negative; `hot_wallet` and `cold_storage` book the exchange's own coins moved between its hot wallets
 * and cold storage (docs/blockchain.md "Hot wallets, sweeping and cold storage"), the hot side going negative by what left it; `chain_fees` receives
 * the network fees the exchange's own transactions paid (sweeps, gas top-ups, withdrawals), booked
 * from `hot_wallet`.
 */
export type SystemKind = 'external' | 'fee' | 'hot_wallet' | 'cold_storage' | 'chain_fees'

export type Posting = {
  balanceAccountId: string
  asset: string
  bucket: Bucket
  /** Signed minor units: positive credits the bucket, negative debits it. Never zero. */
  amount: bigint
}

/** A journal transaction `Ledger.post` committed (`Ledger.onPosted`). */
export type Posted = {id: string; type: string; postings: readonly Posting[]; atMs: number}

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

/** A balances row as stored (minor units as decimal text). */
export type BalanceRecord = {available: string; locked: string}
/** A balance_accounts row as stored. */
export type AccountRecord = {id: string; owner_id: string | null; kind: BalanceAccountKind; allow_negative: number}

/** A balance as the trading path keeps it in memory (Ledger.cached), ahead of the store by the batches in flight. */
export type CachedBalance = {
  readonly balanceAccountId: string
  readonly asset: string
  available: bigint
  locked: bigint
  readonly allowNegative: boolean
}

/** What a LedgerBatch needs of the ledger: cached balances and the journal's next transaction seq (Ledger implements it). */
export interface BatchStore {
  cached(balanceAccountId: string, asset: string): CachedBalance
  takeTransactionSeq(): number
}

/**
 * Funds reserved outside the journal (docs/ledger.md "Money is never lost"): for balance accounts of `kind`, the sum of the
 * holds behind each balance's `locked`, by `${balanceAccountId}|${asset}`. `ledger verify` checks
 * `locked` against it, and the total against the journal.
 */
export type Reservations = {kind: BalanceAccountKind; amounts: Map<string, bigint>}
