/**
 * Exchange accounts: identity (e-mail, password hash), tier, status and the two balance accounts
 * (funding and trading) every account has. CreateAccount, sign-up and any later flow that makes an
 * account go through `create`; sub-accounts (docs/account-flows.md "Sub-accounts") through `createSub`.
 *
 * A sub-account belongs to one master account (`masterAccountId`), has no password (it cannot sign
 * in; its master acts for it) and is governed by its master's status as well as its own: `status`
 * is the stricter of the two, so every check of `status` (REST, WebSocket, withdrawals, P2P) refuses
 * the sub-accounts of a blocked or restricted master without knowing about sub-accounts.
 */
import {randomUUID} from 'node:crypto'
import type {Db} from '../store/database.js'
import {readsCommitted} from '../store/database.js'
import type {Ledger} from '../ledger/ledger.js'
import type {Tiers} from '../tiers/tiers.js'
import {ExchangeError, alreadyExists, invalid, notFound, precondition} from '../ground/errors.js'
import {LRUCache} from 'lru-cache'
import {Changes} from '../ground/changes.js'
import {hashPassword, verifyPassword} from '../auth/passwords.js'
import {isUniqueViolation} from '../store/sqlite-errors.js'
import {nowIso} from '../ground/time.js'
import {requireEmail, requireOneOf, requireString, requireUuid} from '../ground/validate.js'

export const ACCOUNT_STATUSES = ['active', 'restricted', 'blocked'] as const
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number]

export type Account = {
  id: string
  email: string
  tierId: string
  /**
   * The status that governs the account: its own, or its master's when that is stricter (a
   * sub-account of a blocked master is blocked, of a restricted master restricted).
   */
  status: AccountStatus
  /** The account's own status, as set by ChangeAccountStatus (what admin details show). */
  ownStatus: AccountStatus
  statusComment: string
  isVip: boolean
  isTotpEnabled: boolean
  masterAccountId: string | null
  fundingAccountId: string
  tradingAccountId: string
  createdAt: string
}

type AccountRow = {
  id: string
  email: string
  password_hash: string
  tier_id: string
  status: AccountStatus
  status_comment: string
  is_vip: number
  totp_enabled: number
  master_account_id: string | null
  created_at: string
  /** The master's own status (joined), null when the account is not a sub-account. */
  master_status: AccountStatus | null
}

export const MIN_PASSWORD_LENGTH = 8

/** How many sub-accounts one master may have (Binance's default cap is of the same order). */
export const MAX_SUB_ACCOUNTS = 200

/** Statuses from the least to the most strict. */
const STRICTNESS: readonly AccountStatus[] = ['active', 'restricted', 'blocked']

/** The account row with its master's status; one SELECT shape for every read. */
const SELECT_ACCOUNT = `SELECT a.*, m.status AS master_status FROM accounts a
  LEFT JOIN accounts m ON m.id = a.master_account_id`

/** How many accounts `cachedById` keeps. */
export const ACCOUNT_CACHE_SIZE = 10_000

export class Accounts {
  /** Prepared once: every authenticated request reads an account. */
  private readonly statements
  /** Recently authenticated accounts (`cachedById`); every change made through this class drops its entry. */
  private readonly recent = new LRUCache<string, Readonly<Account>>({max: ACCOUNT_CACHE_SIZE})
  /** The id of every account created or changed, sub-accounts whose master changed included (cluster mode listens). */
  readonly changes = new Changes()

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly tiers: Tiers,
  ) {
    this.statements = {
      byId: db.prepare<[string], AccountRow>(`${SELECT_ACCOUNT} WHERE a.id = ?`),
      byEmail: db.prepare<[string], AccountRow>(`${SELECT_ACCOUNT} WHERE a.email = ?`),
      subsOf: db.prepare<[string], AccountRow>(`${SELECT_ACCOUNT} WHERE a.master_account_id = ? ORDER BY a.created_at, a.id`),
      subCount: db.prepare<[string], {n: number}>('SELECT count(*) AS n FROM accounts WHERE master_account_id = ?'),
    }
  }

  /** Creates an active account on the default tier, with its funding and trading balance accounts. */
  async create(email: unknown, password: unknown): Promise<Account> {
    const address = requireEmail(email)
    const secret = requireString(password, 'password', 1024)
    if (secret.length < MIN_PASSWORD_LENGTH) throw invalid(`password must have at least ${MIN_PASSWORD_LENGTH} characters`)
    if (this.findRow(address)) throw alreadyExists(`account ${address} already exists`)
    const passwordHash = await hashPassword(secret)
    const id = randomUUID()
    try {
      this.db.transaction(() => {
        const now = nowIso()
        this.db
          .prepare(
            `INSERT INTO accounts (id, email, password_hash, tier_id, status, created_at, updated_at)
             VALUES (?, ?, ?, ?, 'active', ?, ?)`,
          )
          .run(id, address, passwordHash, this.tiers.getDefault().id, now, now)
        this.ledger.openBalanceAccount(id, 'funding')
        this.ledger.openBalanceAccount(id, 'trading')
      })()
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyExists(`account ${address} already exists`)
      throw error
    }
    this.changes.emit(id)
    return this.byId(id)!
  }

  /**
   * Creates a sub-account of `master`: active, on the master's tier, with its own funding and
   * trading balance accounts and no password (it cannot sign in). Refuses a master that is itself a
   * sub-account or already has MAX_SUB_ACCOUNTS (`failed_precondition`) and a taken e-mail
   * (`already_exists`).
   */
  createSub(master: Account, email: unknown): Account {
    const address = requireEmail(email)
    if (master.masterAccountId !== null)
      throw precondition(`account ${master.email} is a sub-account: it cannot have sub-accounts`)
    const id = randomUUID()
    try {
      this.db.transaction(() => {
        if (this.findRow(address)) throw alreadyExists(`account ${address} already exists`)
        if (this.statements.subCount.get(master.id)!.n >= MAX_SUB_ACCOUNTS) {
          throw precondition(`account ${master.email} already has ${MAX_SUB_ACCOUNTS} sub-accounts`)
        }
        const now = nowIso()
        // An empty password hash matches no password: a sub-account has no sign-in of its own.
        this.db
          .prepare(
            `INSERT INTO accounts (id, email, password_hash, tier_id, status, master_account_id, created_at, updated_at)
             VALUES (?, ?, '', ?, 'active', ?, ?, ?)`,
          )
          .run(id, address, master.tierId, master.id, now, now)
        this.ledger.openBalanceAccount(id, 'funding')
        this.ledger.openBalanceAccount(id, 'trading')
      })()
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyExists(`account ${address} already exists`)
      throw error
    }
    this.changes.emit(id)
    return this.byId(id)!
  }

  /** The sub-accounts of an account, oldest first (none for an account that is not a master). */
  subAccountsOf(masterId: string): Account[] {
    return this.statements.subsOf.all(masterId).map((row) => this.toAccount(row))
  }

  /**
   * Checks e-mail and password. Unknown e-mails cost the same time as wrong passwords.
   * Returns the account, or throws `unauthorized` (wrong password) / `not_found` (unknown e-mail).
   */
  async authenticate(email: unknown, password: unknown): Promise<Account> {
    const address = requireEmail(email)
    const secret = requireString(password, 'password', 1024)
    const row = this.findRow(address)
    // A sub-account's empty hash is verified like an unknown e-mail's (same time, never a match).
    const ok = await verifyPassword(secret, row?.password_hash || undefined)
    if (!row) throw notFound(`account ${address} not found`)
    if (!ok) throw new ExchangeError('unauthorized', 'wrong e-mail or password')
    return this.toAccount(row)
  }

  byId(id: string): Account | undefined {
    const row = this.statements.byId.get(id)
    return row && this.toAccount(row)
  }

  /**
   * `byId` for the authentication of every request: the account as last read, shared (frozen).
   * Tier, status (restricted, blocked) and the other fields change only through this class, which
   * drops the entry in the same call, so a change is seen by the very next request. An account read
   * inside a write transaction is not cached, so a rolled-back change can never be remembered.
   */
  cachedById(id: string): Readonly<Account> | undefined {
    const cached = this.recent.get(id)
    if (cached) return cached
    const account = this.byId(id)
    if (!account) return undefined
    Object.freeze(account)
    if (readsCommitted(this.db)) this.recent.set(id, account)
    return account
  }

  /** Every account's id (cluster mode's full copy of the accounts to edges). */
  ids(): string[] {
    return this.db
      .prepare<[], {id: string}>('SELECT id FROM accounts ORDER BY id')
      .all()
      .map((row) => row.id)
  }

  byEmail(email: unknown): Account {
    const address = requireEmail(email)
    const row = this.findRow(address)
    if (!row) throw notFound(`account ${address} not found`)
    return this.toAccount(row)
  }

  /** The account with this id, or NOT_FOUND; validates the id. */
  requireById(id: unknown, field = 'account_id'): Account {
    const accountId = requireUuid(id, field)
    const account = this.byId(accountId)
    if (!account) throw notFound(`account ${accountId} not found`)
    return account
  }

  /**
   * Accounts whose e-mail contains `query` (case-insensitive), optionally of one status, one id or
   * the owner of one balance account, newest first, one page of them and the total matching.
   */
  search(filter: {
    query?: string
    status?: AccountStatus
    id?: string
    balanceAccountId?: string
    limit: number
    offset: number
  }): {
    accounts: Account[]
    total: number
  } {
    if (filter.balanceAccountId !== undefined) {
      // A system balance account has no owner, an unknown id no account: nothing matches.
      const owner = this.ledger.getBalanceAccount(filter.balanceAccountId)?.ownerId ?? undefined
      if (owner === undefined || (filter.id !== undefined && filter.id !== owner)) return {accounts: [], total: 0}
      return this.search({...filter, id: owner, balanceAccountId: undefined})
    }
    const where = `instr(lower(email), lower(?)) > 0 AND (? = '' OR status = ?) AND (? = '' OR id = ?)`
    const params = [filter.query ?? '', filter.status ?? '', filter.status ?? '', filter.id ?? '', filter.id ?? '']
    const {total} = this.db
      .prepare<unknown[], {total: number}>(`SELECT count(*) AS total FROM accounts WHERE ${where}`)
      .get(...params)!
    const rows = this.db
      .prepare<unknown[], AccountRow>(`SELECT * FROM accounts WHERE ${where} ORDER BY created_at DESC, id LIMIT ? OFFSET ?`)
      .all(...params, filter.limit, filter.offset)
    return {accounts: rows.map((row) => this.toAccount(row)), total}
  }

  setTier(email: unknown, tierId: unknown): void {
    const account = this.byEmail(email)
    const tier = this.tiers.require(tierId)
    this.update(account.id, 'tier_id = ?', tier.id)
  }

  changeStatus(email: unknown, status: unknown, comment: unknown): Account {
    const account = this.byEmail(email)
    const next = requireOneOf(status, ACCOUNT_STATUSES, 'status')
    const text = typeof comment === 'string' ? comment.trim().slice(0, 1024) : ''
    this.update(account.id, 'status = ?, status_comment = ?', next, text)
    // Its sub-accounts' effective status follows: forget them too.
    for (const row of this.statements.subsOf.all(account.id)) {
      this.recent.delete(row.id)
      this.changes.emit(row.id)
    }
    return this.byId(account.id)!
  }

  setVip(email: unknown, isVip: unknown): void {
    const account = this.byEmail(email)
    if (typeof isVip !== 'boolean') throw invalid('is_vip must be a boolean')
    this.update(account.id, 'is_vip = ?', isVip ? 1 : 0)
  }

  /** Records whether two-factor sign-in is on (set by the identity flows). */
  setTotpEnabled(accountId: string, enabled: boolean): void {
    this.update(accountId, 'totp_enabled = ?', enabled ? 1 : 0)
  }

  private update(id: string, assignments: string, ...values: unknown[]): void {
    this.db.prepare(`UPDATE accounts SET ${assignments}, updated_at = ? WHERE id = ?`).run(...values, nowIso(), id)
    this.recent.delete(id)
    this.changes.emit(id)
  }

  private findRow(email: string): AccountRow | undefined {
    return this.statements.byEmail.get(email)
  }

  private toAccount(row: AccountRow): Account {
    return {
      id: row.id,
      email: row.email,
      tierId: row.tier_id,
      status: strictest(row.status, row.master_status),
      ownStatus: row.status,
      statusComment: row.status_comment,
      isVip: row.is_vip === 1,
      isTotpEnabled: row.totp_enabled === 1,
      masterAccountId: row.master_account_id,
      fundingAccountId: this.ledger.balanceAccountOf(row.id, 'funding')!,
      tradingAccountId: this.ledger.balanceAccountOf(row.id, 'trading')!,
      createdAt: row.created_at,
    }
  }
}

function strictest(own: AccountStatus, master: AccountStatus | null): AccountStatus {
  if (master === null) return own
  return STRICTNESS.indexOf(master) > STRICTNESS.indexOf(own) ? master : own
}
