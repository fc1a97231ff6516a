/**
 * Withdrawal requests and their states (docs/blockchain.md "Withdrawals"): `pending` (queued, or waiting
 * for approval) → `processing` (being signed) → `broadcast` (tx_hash set) → `confirmed` | `failed`.
 * The request holds amount + fee on the funding balance account in the same SQLite transaction as
 * the row; confirming settles the hold (amount to the external account, fee to the fee account);
 * failing releases it. The on-chain side (signing, broadcasting, following) is the worker's
 * (`chain/withdrawals/worker.ts`); this file owns the rows and every ledger effect; what a request must be
 * before anything is held is `chain/withdrawals/request.ts`'s.
 */
import {EventEmitter} from 'node:events'
import type {Accounts} from '../../accounts/accounts.js'
import type {Alerts} from '../../alerts/alerts.js'
import type {Ledger} from '../../ledger/ledger.js'
import type {Db} from '../../store/database.js'
import {whereOf} from '../../store/filters.js'
import type {Tiers} from '../../tiers/tiers.js'
import {ExchangeError, absent, notFound, precondition} from '../../ground/errors.js'
import {timeOrderedId} from '../../ground/ids.js'
import {formatAmount} from '../../ground/money.js'
import {nowIso} from '../../ground/time.js'
import {optionalString, requireString} from '../../ground/validate.js'
import type {Blockchain, SignedTransaction} from '../adapter.js'
import {otherHashes, storeAttempt} from '../transactions/attempts.js'
import {checkDailyLimit, checkWithdrawal, clientWithdrawalId, type WithdrawalChecks, type WithdrawalRequest} from './request.js'
import {REJECTED, type WaitingFor, type WithdrawalRow, toWithdrawal, type Withdrawal, type WithdrawalStatus} from './row.js'

export type WithdrawalDeps = WithdrawalChecks & {
  db: Db
  ledger: Ledger
  accounts: Accounts
  tiers: Tiers
  alerts: Alerts
  /** Books a network fee the chain's transaction paid (native base units) to `chain_fees`, inside the caller's transaction. */
  chargeFee: (blockchain: Blockchain, referenceId: string, units: bigint) => void
}

/** Which withdrawals a list shows: every filter given applies. */
export type WithdrawalFilter = {
  accountId?: string
  status?: WithdrawalStatus
  /** Any of these statuses (an empty list matches nothing). */
  statuses?: readonly WithdrawalStatus[]
  asset?: string
  clientWithdrawalId?: string
  /** Requested at or after `from`, at or before `to` (ISO times). */
  from?: string
  to?: string
  /** true: only those waiting for an operator's approval; false: none of those. */
  awaitingApproval?: boolean
  /** true: only those an operator rejected; false: none of those. */
  rejected?: boolean
  limit: number
  offset: number
}

/** SQL of `Withdrawal.awaitingApproval`, and of a failure by rejection (`isRejected`). */
const AWAITING_APPROVAL = "(status = 'pending' AND needs_approval = 1 AND approved_by IS NULL)"
const REJECTED_SQL = `(status = 'failed' AND substr(COALESCE(failure, ''), 1, ${REJECTED.length}) = ?)`

export class Withdrawals {
  private readonly events = new EventEmitter()

  constructor(private readonly deps: WithdrawalDeps) {
    this.events.setMaxListeners(0)
  }

  /** Listens to committed state changes (WS `balance_update`); returns the unsubscribe function. */
  onChange(listener: (withdrawal: Withdrawal) => void): () => void {
    this.events.on('change', listener)
    return () => this.events.off('change', listener)
  }

  /** Validates, holds amount + fee and queues the withdrawal; a repeated client id returns the first. */
  request(input: WithdrawalRequest): Withdrawal {
    const {db, ledger, accounts, alerts} = this.deps
    const account = accounts.requireById(input.accountId)
    if (account.status === 'blocked') throw new ExchangeError('account_blocked', 'the account is blocked')
    if (account.status === 'restricted') throw new ExchangeError('account_restricted', 'the account is restricted')
    const clientId = clientWithdrawalId(input.clientWithdrawalId)
    if (clientId !== undefined) {
      const first = this.byClientId(account.id, clientId)
      if (first) return first
    }
    const {blockchain, asset, network, toAddress, memo, amount} = checkWithdrawal(this.deps, input)
    const fee = network.withdrawFee
    const needsApproval = network.largeWithdrawal > 0n && amount >= network.largeWithdrawal
    const id = timeOrderedId()
    const now = nowIso()
    db.transaction(() => {
      checkDailyLimit(this.deps, account, asset, amount)
      db.prepare(
        `INSERT INTO withdrawals (id, account_id, blockchain, asset, amount, fee, to_address, memo, client_withdrawal_id,
           status, needs_approval, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
      ).run(
        id,
        account.id,
        blockchain,
        asset.code,
        amount.toString(),
        fee.toString(),
        toAddress,
        memo,
        clientId ?? null,
        needsApproval ? 1 : 0,
        now,
        now,
      )
      ledger.hold(account.fundingAccountId, asset.code, amount + fee, {type: 'withdrawal_hold', referenceId: id})
      if (needsApproval) {
        alerts.create(
          'large_withdrawal',
          'warning',
          JSON.stringify({
            withdrawal_id: id,
            account_id: account.id,
            blockchain,
            asset: asset.code,
            amount: formatAmount(amount, asset.decimals),
            to_address: toAddress,
          }),
        )
      }
    })()
    return this.changed(id)
  }

  /** An operator approves a withdrawal waiting for approval; the worker then sends it. */
  approve(id: unknown, operator: string): Withdrawal {
    const row = this.pendingApproval(id)
    this.deps.db
      .prepare('UPDATE withdrawals SET approved_by = ?, updated_at = ? WHERE id = ?')
      .run(operator || 'operator', nowIso(), row.id)
    return this.changed(row.id)
  }

  /** An operator rejects a withdrawal waiting for approval: failed, hold released. */
  reject(id: unknown, reason: unknown): Withdrawal {
    const row = this.pendingApproval(id)
    const why = optionalString(reason, 'reason', 500) ?? 'rejected by an operator'
    this.fail(row.id, `${REJECTED}${why}`)
    return this.get(row.id)
  }

  get(id: unknown): Withdrawal {
    return this.view(this.row(id))
  }

  /** The account's withdrawal with this id (NOT_FOUND for anybody else's). */
  ofAccount(accountId: string, id: unknown): Withdrawal {
    const row = this.row(id)
    if (row.account_id !== accountId) throw absent('withdrawal', String(id))
    return this.view(row)
  }

  /** Newest first, with the total for the PageResponse. */
  list(filter: WithdrawalFilter): {withdrawals: Withdrawal[]; total: number} {
    const {clause, args} = whereOf([
      ['account_id = ?', filter.accountId],
      ['status = ?', filter.status],
      ['asset = ?', filter.asset],
      ['client_withdrawal_id = ?', filter.clientWithdrawalId],
      ['created_at >= ?', filter.from],
      ['created_at <= ?', filter.to],
    ])
    const conditions = clause === '' ? [] : [clause.slice('WHERE '.length)]
    const values: string[] = [...args]
    if (filter.statuses !== undefined) {
      conditions.push(filter.statuses.length === 0 ? '0' : `status IN (${filter.statuses.map(() => '?').join(', ')})`)
      values.push(...filter.statuses)
    }
    if (filter.awaitingApproval !== undefined) {
      conditions.push(filter.awaitingApproval ? AWAITING_APPROVAL : `NOT ${AWAITING_APPROVAL}`)
    }
    if (filter.rejected !== undefined) {
      conditions.push(filter.rejected ? REJECTED_SQL : `NOT ${REJECTED_SQL}`)
      values.push(REJECTED)
    }
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''
    const total =
      this.deps.db.prepare<string[], {n: number}>(`SELECT COUNT(*) AS n FROM withdrawals ${where}`).get(...values)?.n ?? 0
    const rows = this.deps.db
      .prepare<(string | number)[], WithdrawalRow>(
        `SELECT * FROM withdrawals ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(...values, filter.limit, filter.offset)
    return {withdrawals: rows.map((row) => this.view(row)), total}
  }

  /** Rows of a chain in `status`, oldest first (the worker's queue). */
  inStatus(blockchain: Blockchain, status: WithdrawalStatus): WithdrawalRow[] {
    return this.deps.db
      .prepare<[string, string], WithdrawalRow>(
        'SELECT * FROM withdrawals WHERE blockchain = ? AND status = ? ORDER BY created_at, id',
      )
      .all(blockchain, status)
  }

  /**
   * processing → pending again, nothing signed, its nonce freed: it waits for a cause that passes
   * (`waitingFor`), and the worker tries again on a later pass.
   */
  wait(id: string, waitingFor: WaitingFor): void {
    const result = this.deps.db
      .prepare(
        `UPDATE withdrawals SET status = 'pending', from_address = NULL, nonce = NULL, waiting_for = ?, updated_at = ?
         WHERE id = ? AND status = 'processing' AND raw_tx IS NULL`,
      )
      .run(waitingFor, nowIso(), id)
    if (result.changes === 1) this.changed(id)
  }

  /** A pending withdrawal's reason to wait, set before it is even claimed (the chain's node did not answer). */
  waitingFor(id: string, waitingFor: WaitingFor): void {
    this.deps.db
      .prepare(
        "UPDATE withdrawals SET waiting_for = ?, updated_at = ? WHERE id = ? AND status = 'pending' AND waiting_for IS NOT ?",
      )
      .run(waitingFor, nowIso(), id, waitingFor)
  }

  /** pending → processing, sent from `fromAddress` with `nonce` (EVM), or false when it is not sendable now. */
  claim(id: string, fromAddress: string, nonce: number | null): boolean {
    const result = this.deps.db
      .prepare(
        `UPDATE withdrawals SET status = 'processing', from_address = ?, nonce = ?, waiting_for = NULL, updated_at = ?
         WHERE id = ? AND status = 'pending' AND (needs_approval = 0 OR approved_by IS NOT NULL)`,
      )
      .run(fromAddress, nonce, nowIso(), id)
    return result.changes === 1
  }

  /**
   * Stores signed bytes before their first broadcast, as the withdrawal's next attempt and its
   * latest transaction (a restart re-sends these, never re-signs): the first signature while
   * `processing`, a replacement at a higher fee while `broadcast`.
   */
  signed(id: string, signed: SignedTransaction): void {
    const {db} = this.deps
    db.transaction(() => {
      const row = this.row(id)
      if (row.status !== 'processing' && row.status !== 'broadcast') return
      storeAttempt(db, row.blockchain, {kind: 'withdrawal', id}, signed)
      db.prepare('UPDATE withdrawals SET tx_hash = ?, raw_tx = ?, network_fee = ?, updated_at = ? WHERE id = ?').run(
        signed.txHash,
        signed.raw,
        signed.fee?.toString() ?? null,
        nowIso(),
        id,
      )
    })()
  }

  broadcast(id: string): void {
    this.deps.db
      .prepare("UPDATE withdrawals SET status = 'broadcast', updated_at = ? WHERE id = ? AND status = 'processing'")
      .run(nowIso(), id)
    this.changed(id)
  }

  /**
   * broadcast → confirmed: the hold settles, amount to the external account and fee to the fee
   * account; the network fee the mined attempt paid (`feePaid`, native base units) goes to
   * `chain_fees`, and `tx_hash` becomes that attempt's (`txHash`, after a fee bump maybe not the latest).
   */
  confirm(id: string, feePaid?: bigint, txHash?: string): void {
    const {db, ledger} = this.deps
    db.transaction(() => {
      const row = this.row(id)
      if (row.status !== 'broadcast') return
      this.minedAttempt(row, txHash)
      this.paid(row, feePaid)
      const funding = this.fundingOf(row)
      const amount = BigInt(row.amount)
      const fee = BigInt(row.fee)
      ledger.post({
        type: 'withdrawal',
        referenceId: row.id,
        postings: [
          {balanceAccountId: funding, asset: row.asset, bucket: 'locked', amount: -(amount + fee)},
          {balanceAccountId: ledger.systemAccount('external'), asset: row.asset, bucket: 'available', amount},
          ...(fee > 0n
            ? [{balanceAccountId: ledger.systemAccount('fee'), asset: row.asset, bucket: 'available' as const, amount: fee}]
            : []),
        ],
      })
      db.prepare("UPDATE withdrawals SET status = 'confirmed', updated_at = ? WHERE id = ?").run(nowIso(), row.id)
    })()
    this.changed(id)
  }

  /**
   * Any open state → failed: the hold is released; an attempt that failed on chain (`txHash`)
   * still paid `feePaid`.
   */
  fail(id: string, reason: string, feePaid?: bigint, txHash?: string): void {
    const {db, ledger} = this.deps
    db.transaction(() => {
      const row = this.row(id)
      if (row.status === 'confirmed' || row.status === 'failed') return
      this.minedAttempt(row, txHash)
      this.paid(row, feePaid)
      ledger.release(this.fundingOf(row), row.asset, BigInt(row.amount) + BigInt(row.fee), {
        type: 'withdrawal_release',
        referenceId: row.id,
      })
      db.prepare("UPDATE withdrawals SET status = 'failed', failure = ?, updated_at = ? WHERE id = ?").run(
        reason,
        nowIso(),
        row.id,
      )
    })()
    this.changed(id)
  }

  /** The attempt that was mined becomes the withdrawal's transaction (hash, bytes, fee known at signing). */
  private minedAttempt(row: WithdrawalRow, txHash: string | undefined): void {
    if (txHash === undefined || txHash === row.tx_hash) return
    this.deps.db
      .prepare(
        `UPDATE withdrawals SET (tx_hash, raw_tx, network_fee) = (SELECT tx_hash, raw_tx, network_fee FROM chain_tx_attempts
           WHERE owner_kind = 'withdrawal' AND owner_id = ? AND tx_hash = ?) WHERE id = ?`,
      )
      .run(row.id, txHash, row.id)
  }

  /** The withdrawal with the hashes of its other attempts (replaced by a fee bump, or displaced by the one mined). */
  private view(row: WithdrawalRow): Withdrawal {
    return toWithdrawal(row, otherHashes(this.deps.db, {kind: 'withdrawal', id: row.id}, row.tx_hash))
  }

  private paid(row: WithdrawalRow, units: bigint | undefined): void {
    if (units === undefined || row.fee_paid !== null) return
    this.deps.chargeFee(row.blockchain, row.id, units)
    this.deps.db.prepare('UPDATE withdrawals SET fee_paid = ? WHERE id = ?').run(units.toString(), row.id)
  }

  private changed(id: string): Withdrawal {
    const withdrawal = this.get(id)
    this.events.emit('change', withdrawal)
    return withdrawal
  }

  private pendingApproval(id: unknown): WithdrawalRow {
    const row = this.row(id)
    if (row.status !== 'pending' || row.needs_approval !== 1 || row.approved_by !== null) {
      throw precondition(`withdrawal ${row.id} is not waiting for approval`)
    }
    return row
  }

  private byClientId(accountId: string, clientId: string): Withdrawal | undefined {
    const row = this.deps.db
      .prepare<[string, string], WithdrawalRow>('SELECT * FROM withdrawals WHERE account_id = ? AND client_withdrawal_id = ?')
      .get(accountId, clientId)
    return row && this.view(row)
  }

  private fundingOf(row: WithdrawalRow): string {
    const funding = this.deps.ledger.balanceAccountOf(row.account_id, 'funding')
    if (!funding) throw notFound(`account ${row.account_id} has no funding balance account`)
    return funding
  }

  private row(id: unknown): WithdrawalRow {
    const key = requireString(id, 'withdraw_request_id', 64)
    const row = this.deps.db.prepare<[string], WithdrawalRow>('SELECT * FROM withdrawals WHERE id = ?').get(key)
    if (!row) throw absent('withdrawal', key)
    return row
  }
}
