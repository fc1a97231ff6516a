/**
 * Two-factor policy over the TOTP factors: setup returns a fresh secret (not yet enabled), enabling
 * and disabling each need a valid code, and `requireIfEnabled` guards sensitive operations (API key
 * creation). Wrong codes on an enabled factor count as failed sign-ins toward the lock. The account's
 * `totp_enabled` (admin GetAccountDetails.is_totp_enabled) changes in the same transaction.
 */
import type {Account, Accounts} from '../accounts/accounts.js'
import {ExchangeError, precondition} from '../ground/errors.js'
import type {Db} from '../store/database.js'
import {readCode} from './codes.js'
import type {Lockout} from './lockout.js'
import type {TotpFactors} from './totp.js'

export class TwoFactor {
  constructor(
    private readonly db: Db,
    private readonly factors: TotpFactors,
    private readonly accounts: Accounts,
    private readonly lockout: Lockout,
  ) {}

  isEnabled(accountId: string): boolean {
    return this.factors.state(accountId) === 'enabled'
  }

  /** A new secret and its otpauth:// URI, shown this once; refused while two-factor is on. */
  setup(account: Account): {secret: string; otpauthUri: string} {
    if (this.isEnabled(account.id)) throw precondition('two-factor is already enabled: disable it first')
    return this.factors.create(account.id, account.email)
  }

  async enable(account: Account, code: unknown): Promise<void> {
    const typed = readCode(code, 'code')
    const state = this.factors.state(account.id)
    if (state === 'enabled') throw precondition('two-factor is already enabled')
    if (state === 'none') throw precondition('no two-factor secret: call /auth/2fa/setup first')
    const enabled = await this.factors.accept(account.id, typed, 'pending', {
      enable: true,
      alsoInTransaction: () => this.accounts.setTotpEnabled(account.id, true),
    })
    if (!enabled)
      throw new ExchangeError('invalid_code', 'the code does not match: check the authenticator app and the device clock')
  }

  async disable(account: Account, code: unknown, ip: string): Promise<void> {
    if (!this.isEnabled(account.id)) throw precondition('two-factor is not enabled')
    await this.check(account, code, ip, 'code')
    this.db.transaction(() => {
      this.factors.remove(account.id)
      this.accounts.setTotpEnabled(account.id, false)
    })()
  }

  /** When two-factor is on, `code` must be a valid, unused code; otherwise nothing is asked. */
  async requireIfEnabled(account: Account, code: unknown, ip: string, field = '2fa_code'): Promise<void> {
    if (this.isEnabled(account.id)) await this.check(account, code, ip, field)
  }

  /** Accepts a code of the enabled factor once, or throws (`invalid_code`, or the lock). */
  private async check(account: Account, code: unknown, ip: string, field: string): Promise<void> {
    if (code === undefined || code === null || code === '')
      throw new ExchangeError('invalid_argument', `${field} is required: two-factor is enabled`)
    const typed = readCode(code, field)
    this.lockout.assertOpen(account.email)
    if (await this.factors.accept(account.id, typed, 'enabled')) return
    throw this.lockout.fail(account.email, ip) ?? new ExchangeError('invalid_code', 'wrong or already used two-factor code')
  }
}
