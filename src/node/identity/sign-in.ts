/**
 * Sign-in (spec "Sign-in rules"): the lock check, the password against the user's scrypt hash (an
 * unknown e-mail costs the same through the decoy hash), the account status (blocked refused), then
 * either a session — the exchange JWT from `issueAccountToken`, the same path as admin LoginAccount —
 * or, with TOTP on, a challenge that `complete` finishes with a code. Every wrong password or code
 * counts toward the lock; a success clears the count.
 */
import {randomUUID} from 'node:crypto'
import type {Account, Accounts} from '../accounts/accounts.js'
import {issueAccountToken} from '../accounts/account-token.js'
import {verifyPassword} from '../auth/passwords.js'
import type {IssuedToken, Tokens} from '../auth/tokens.js'
import {ExchangeError, invalid} from '../ground/errors.js'
import type {Db} from '../store/database.js'
import {nowIso} from '../ground/time.js'
import {requireEmail, requireUuid} from '../ground/validate.js'
import {readCode} from './codes.js'
import type {Lockout} from './lockout.js'
import {MAX_PASSWORD_LENGTH} from './sign-up.js'
import type {TotpFactors} from './totp.js'
import type {User, Users} from './users.js'

export const CHALLENGE_TTL_MS = 5 * 60_000
export const CHALLENGE_MAX_ATTEMPTS = 5

export type Session = {type: 'session'; account: Account; token: IssuedToken}
export type SignInResult = Session | {type: 'two_factor'; challengeId: string; expiresAt: string}

type ChallengeRow = {id: string; user_id: string; attempts: number; expires_at: string; used_at: string | null}

const wrongCredentials = () => new ExchangeError('unauthorized', 'wrong e-mail or password')

export class SignIns {
  constructor(
    private readonly db: Db,
    private readonly users: Users,
    private readonly accounts: Accounts,
    private readonly tokens: Tokens,
    private readonly totp: TotpFactors,
    private readonly lockout: Lockout,
  ) {}

  async start(input: {email?: unknown; password?: unknown}, ip: string): Promise<SignInResult> {
    const email = requireEmail(input.email)
    const password = input.password
    if (typeof password !== 'string' || password === '') throw invalid('password is required')
    if (password.length > MAX_PASSWORD_LENGTH) throw wrongCredentials()
    this.lockout.assertOpen(email)
    const user = this.users.byEmail(email)
    const ok = await verifyPassword(password, user?.passwordHash)
    if (!ok || !user) throw this.lockout.fail(email, ip) ?? wrongCredentials()
    const account = this.accountOf(user)
    if (this.totp.state(account.id) === 'enabled') {
      const challengeId = randomUUID()
      const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS).toISOString()
      this.db
        .prepare('INSERT INTO sign_in_challenges (id, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)')
        .run(challengeId, user.id, expiresAt, nowIso())
      return {type: 'two_factor', challengeId, expiresAt}
    }
    return this.session(user, account)
  }

  /** Finishes a two-factor sign-in: the challenge (unused, unexpired, under 5 tries) and a fresh TOTP code. */
  async complete(input: {challenge_id?: unknown; '2fa_code'?: unknown}, ip: string): Promise<Session> {
    const id = requireUuid(input.challenge_id, 'challenge_id')
    const code = readCode(input['2fa_code'], '2fa_code')
    const challenge = this.db.prepare<[string], ChallengeRow>('SELECT * FROM sign_in_challenges WHERE id = ?').get(id)
    if (!challenge || challenge.used_at !== null || Date.parse(challenge.expires_at) <= Date.now()) {
      throw new ExchangeError('unauthorized', 'the sign-in challenge is unknown, used or expired: sign in again')
    }
    const user = this.users.byId(challenge.user_id)!
    this.lockout.assertOpen(user.email)
    const account = this.accountOf(user)
    if (!(await this.totp.accept(account.id, code, 'enabled'))) {
      this.db
        .prepare(
          `UPDATE sign_in_challenges SET attempts = attempts + 1,
             used_at = CASE WHEN attempts + 1 >= ? THEN ? ELSE used_at END
           WHERE id = ?`,
        )
        .run(CHALLENGE_MAX_ATTEMPTS, nowIso(), id)
      throw this.lockout.fail(user.email, ip) ?? new ExchangeError('unauthorized', 'wrong or already used two-factor code')
    }
    const used = this.db.prepare('UPDATE sign_in_challenges SET used_at = ? WHERE id = ? AND used_at IS NULL').run(nowIso(), id)
    if (used.changes !== 1) throw new ExchangeError('unauthorized', 'the sign-in challenge was already used: sign in again')
    return this.session(user, this.accountOf(user))
  }

  /** The user's exchange account; blocked accounts are refused (after the password, so status is not told to guessers). */
  private accountOf(user: User): Account {
    const account = this.accounts.byId(user.accountId)
    if (!account) throw new Error(`user ${user.id} has no exchange account ${user.accountId}`)
    if (account.status === 'blocked') throw new ExchangeError('account_blocked', 'the account is blocked')
    return account
  }

  private async session(user: User, account: Account): Promise<Session> {
    const token = await issueAccountToken({tokens: this.tokens}, account)
    this.lockout.clear(user.email)
    return {type: 'session', account, token}
  }
}
