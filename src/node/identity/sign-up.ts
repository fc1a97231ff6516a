/**
 * Sign-up (spec "Gateway endpoints for account flows", registration rules):
 * 1. `start` validates, stores a pending sign-up (PENDING_VERIFICATION) with the hashes of two fresh
 *    6-digit codes, and returns the e-mail and SMS to send. A newer sign-up for the same e-mail voids
 *    the older one.
 * 2. `complete` checks both codes (constant time; 10-minute expiry; the 5th wrong try burns the
 *    sign-up), then creates the exchange account through `Accounts.create` — the same service as
 *    AccountsService.CreateAccount: two balance accounts, default tier, status active — with a
 *    separately generated random credential, and the identity user holding the user's own password hash.
 * 3. `resend` issues new codes after a cool-down.
 */
import {randomBytes, randomUUID} from 'node:crypto'
import type {Account, Accounts} from '../accounts/accounts.js'
import {hashPassword} from '../auth/passwords.js'
import {ExchangeError, RetryLater, alreadyExists, invalid, notFound, secondsUntil} from '../ground/errors.js'
import type {Message} from '../notify/outbox.js'
import type {Db} from '../store/database.js'
import {nowIso} from '../ground/time.js'
import {requireEmail, requireUuid} from '../ground/validate.js'
import {type CodeHasher, generateCode, readCode} from './codes.js'
import {signUpEmail, signUpSms} from './messages.js'
import type {Users} from './users.js'

export const SIGN_UP_TTL_MS = 10 * 60_000
export const SIGN_UP_MAX_ATTEMPTS = 5
export const RESEND_COOLDOWN_MS = 60_000
/** The first send and the resends together. */
export const SIGN_UP_MAX_SENDS = 5
export const MIN_PASSWORD_LENGTH = 10
export const MAX_PASSWORD_LENGTH = 256

/** E.164: "+", country code, subscriber number; 8 to 15 digits in all. */
const E164 = /^\+[1-9]\d{7,14}$/

export type PendingSignUp = {id: string; email: string; status: 'pending_verification'; expiresAt: string}

/** A pending sign-up and the messages carrying its codes (the caller delivers them). */
export type SignUpDelivery = {signUp: PendingSignUp; messages: Message[]}

type SignUpStatus = 'pending_verification' | 'completed' | 'burned' | 'void'

type SignUpRow = {
  id: string
  email: string
  phone: string
  password_hash: string
  email_code_hash: string
  sms_code_hash: string
  status: SignUpStatus
  attempts: number
  sends: number
  expires_at: string
  last_sent_at: string
}

/** Which sign-up a request means: its verification_id, or the e-mail standing in for it (the newest sign-up). */
export type SignUpRef = {verification_id?: unknown; email?: unknown}

export class SignUps {
  constructor(
    private readonly db: Db,
    private readonly accounts: Accounts,
    private readonly users: Users,
    private readonly hasher: CodeHasher,
  ) {}

  async start(input: {email?: unknown; password?: unknown; phone?: unknown}): Promise<SignUpDelivery> {
    const email = requireEmail(input.email)
    const phone = requirePhone(input.phone)
    const password = requirePassword(input.password, email)
    if (this.isRegistered(email)) throw alreadyExists('an account with this e-mail already exists')
    const passwordHash = await hashPassword(password)
    const id = randomUUID()
    const codes = {email: generateCode(), sms: generateCode()}
    const now = new Date()
    const expiresAt = new Date(now.getTime() + SIGN_UP_TTL_MS).toISOString()
    this.db.transaction(() => {
      this.db
        .prepare(
          `UPDATE sign_ups SET status = 'void', password_hash = '', email_code_hash = '', sms_code_hash = '', updated_at = ?
           WHERE email = ? AND status = 'pending_verification'`,
        )
        .run(now.toISOString(), email)
      this.db
        .prepare(
          `INSERT INTO sign_ups (id, email, phone, password_hash, email_code_hash, sms_code_hash, status, expires_at,
                                 last_sent_at, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, 'pending_verification', ?, ?, ?, ?)`,
        )
        .run(
          id,
          email,
          phone,
          passwordHash,
          this.hasher.hash(`${id}:email`, codes.email),
          this.hasher.hash(`${id}:sms`, codes.sms),
          expiresAt,
          now.toISOString(),
          now.toISOString(),
          now.toISOString(),
        )
    })()
    return {signUp: {id, email, status: 'pending_verification', expiresAt}, messages: messagesFor(email, phone, codes)}
  }

  async complete(input: SignUpRef & {email_code?: unknown; sms_code?: unknown}): Promise<Account> {
    const emailCode = readCode(input.email_code, 'email_code')
    const smsCode = readCode(input.sms_code, 'sms_code')
    const row = this.usable(this.find(input))
    // Both compared, always, in constant time; which one was wrong is not told.
    const emailOk = this.hasher.matches(`${row.id}:email`, emailCode, row.email_code_hash)
    const smsOk = this.hasher.matches(`${row.id}:sms`, smsCode, row.sms_code_hash)
    if (!(emailOk && smsOk)) throw this.wrongCodes(row.id)

    const claimed = this.db
      .prepare(`UPDATE sign_ups SET status = 'completed', updated_at = ? WHERE id = ? AND status = 'pending_verification'`)
      .run(nowIso(), row.id)
    if (claimed.changes !== 1) throw alreadyExists('this sign-up is already complete: sign in')
    let account: Account
    try {
      // The exchange account gets its own random credential (registration rule 2); nobody ever sees it.
      account = await this.accounts.create(row.email, randomBytes(32).toString('base64url'))
    } catch (error) {
      // Nothing was created. Not the user's fault: the same codes may be tried again — unless the
      // e-mail was taken meanwhile (an operator, another sign-up), which voids this one.
      this.db
        .prepare(`UPDATE sign_ups SET status = 'pending_verification', updated_at = ? WHERE id = ? AND status = 'completed'`)
        .run(nowIso(), row.id)
      if (error instanceof ExchangeError && error.code === 'already_exists') this.void(row.id, 'void')
      throw error
    }
    this.db.transaction(() => {
      this.users.insert({email: row.email, phone: row.phone, passwordHash: row.password_hash, accountId: account.id})
      this.db
        .prepare(
          `UPDATE sign_ups SET account_id = ?, password_hash = '', email_code_hash = '', sms_code_hash = '', updated_at = ?
           WHERE id = ?`,
        )
        .run(account.id, nowIso(), row.id)
    })()
    return account
  }

  /** New codes for a pending sign-up (also an expired one), at most every RESEND_COOLDOWN_MS. */
  resend(input: SignUpRef): SignUpDelivery {
    const row = this.usable(this.find(input), {allowExpired: true})
    const now = Date.now()
    const nextAllowed = Date.parse(row.last_sent_at) + RESEND_COOLDOWN_MS
    if (now < nextAllowed) throw new RetryLater('codes were sent less than a minute ago', secondsUntil(nextAllowed, now))
    if (row.sends >= SIGN_UP_MAX_SENDS) {
      this.void(row.id, 'burned')
      throw new ExchangeError('expired', `codes were sent ${SIGN_UP_MAX_SENDS} times: sign up again`)
    }
    const codes = {email: generateCode(), sms: generateCode()}
    const expiresAt = new Date(now + SIGN_UP_TTL_MS).toISOString()
    const updated = this.db
      .prepare(
        `UPDATE sign_ups SET email_code_hash = ?, sms_code_hash = ?, expires_at = ?, last_sent_at = ?, sends = sends + 1, updated_at = ?
         WHERE id = ? AND status = 'pending_verification' AND last_sent_at = ?`,
      )
      .run(
        this.hasher.hash(`${row.id}:email`, codes.email),
        this.hasher.hash(`${row.id}:sms`, codes.sms),
        expiresAt,
        new Date(now).toISOString(),
        new Date(now).toISOString(),
        row.id,
        row.last_sent_at,
      )
    if (updated.changes !== 1) throw new RetryLater('codes were just sent', Math.ceil(RESEND_COOLDOWN_MS / 1000))
    return {
      signUp: {id: row.id, email: row.email, status: 'pending_verification', expiresAt},
      messages: messagesFor(row.email, row.phone, codes),
    }
  }

  /** Whether the e-mail already belongs to a user or to an exchange account (created by an operator). */
  private isRegistered(email: string): boolean {
    if (this.users.byEmail(email)) return true
    try {
      this.accounts.byEmail(email)
      return true
    } catch (error) {
      if (error instanceof ExchangeError && error.code === 'not_found') return false
      throw error
    }
  }

  private find(ref: SignUpRef): SignUpRow {
    if (ref.verification_id !== undefined && ref.verification_id !== null && ref.verification_id !== '') {
      const id = requireUuid(ref.verification_id, 'verification_id')
      const row = this.db.prepare<[string], SignUpRow>('SELECT * FROM sign_ups WHERE id = ?').get(id)
      if (!row) throw notFound('no sign-up with this verification_id')
      return row
    }
    if (ref.email === undefined || ref.email === null || ref.email === '') throw invalid('verification_id (or email) is required')
    const email = requireEmail(ref.email)
    const row = this.db
      .prepare<[string], SignUpRow>('SELECT * FROM sign_ups WHERE email = ? ORDER BY created_at DESC, rowid DESC LIMIT 1')
      .get(email)
    if (!row) throw notFound('no sign-up for this e-mail')
    return row
  }

  /** The row when codes may still be checked against it; the reason as an error otherwise. */
  private usable(row: SignUpRow, options: {allowExpired?: boolean} = {}): SignUpRow {
    switch (row.status) {
      case 'completed':
        throw alreadyExists('this sign-up is already complete: sign in')
      case 'burned':
        throw new ExchangeError('expired', 'this sign-up is void after too many wrong codes: sign up again')
      case 'void':
        throw new ExchangeError('expired', 'a newer sign-up for this e-mail replaced this one')
      case 'pending_verification':
        break
    }
    if (!options.allowExpired && Date.parse(row.expires_at) <= Date.now()) {
      throw new ExchangeError('expired', 'the codes expired: ask for new ones (/auth/sign-up/resend)')
    }
    return row
  }

  /** Counts a wrong try; the last allowed one burns the sign-up. */
  private wrongCodes(id: string): ExchangeError {
    const counted = this.db
      .prepare<[string, string], {attempts: number}>(
        `UPDATE sign_ups SET attempts = attempts + 1, updated_at = ? WHERE id = ? AND status = 'pending_verification' RETURNING attempts`,
      )
      .get(nowIso(), id)
    const attempts = counted?.attempts ?? SIGN_UP_MAX_ATTEMPTS
    if (attempts >= SIGN_UP_MAX_ATTEMPTS) {
      this.void(id, 'burned')
      return new ExchangeError('expired', `${SIGN_UP_MAX_ATTEMPTS} wrong codes: this sign-up is void, sign up again`)
    }
    const left = SIGN_UP_MAX_ATTEMPTS - attempts
    return new ExchangeError('invalid_code', `the codes do not match; ${left} ${left === 1 ? 'try' : 'tries'} left`)
  }

  private void(id: string, status: 'burned' | 'void'): void {
    this.db
      .prepare(
        `UPDATE sign_ups SET status = ?, password_hash = '', email_code_hash = '', sms_code_hash = '', updated_at = ?
         WHERE id = ? AND status = 'pending_verification'`,
      )
      .run(status, nowIso(), id)
  }
}

function messagesFor(email: string, phone: string, codes: {email: string; sms: string}): Message[] {
  const minutes = SIGN_UP_TTL_MS / 60_000
  return [signUpEmail(email, codes.email, minutes), signUpSms(phone, codes.sms, minutes)]
}

export function requirePhone(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid('phone is required')
  const phone = value.replace(/[\s()-]/g, '')
  if (!E164.test(phone)) throw invalid('phone must be in E.164 format, such as +14155550123')
  return phone
}

/** At least 10 characters, not the e-mail address. Not trimmed: spaces are part of a password. */
export function requirePassword(value: unknown, email: string): string {
  if (typeof value !== 'string' || value === '') throw invalid('password is required')
  if ([...value].length < MIN_PASSWORD_LENGTH) throw invalid(`password must have at least ${MIN_PASSWORD_LENGTH} characters`)
  if (value.length > MAX_PASSWORD_LENGTH) throw invalid(`password is longer than ${MAX_PASSWORD_LENGTH} characters`)
  if (value.trim().toLowerCase() === email.toLowerCase()) throw invalid('password must not be the e-mail address')
  return value
}
