/**
 * Brute-force lock: after `maxFailures` failed sign-ins (wrong password or wrong two-factor code)
 * for one e-mail within `windowMs`, that e-mail is locked for `lockMs` and a `login_lockout` alert
 * (severity warning: e-mail, IPs, never the password) is raised. Locks apply to unknown e-mails too,
 * so a lock tells nothing about whether an account exists. Kept in the store: a restart keeps them.
 * A `scope` (e.g. `admin` for the AdminGateway's sign-in) keeps its own count and locks apart from
 * the users': a guesser on the public listener cannot lock an admin out, nor the other way round.
 */
import type {Alerts} from '../alerts/alerts.js'
import type {Logger} from '../ground/logger.js'
import type {Db} from '../store/database.js'
import {nowIso} from '../ground/time.js'
import {RetryLater, secondsUntil} from '../ground/errors.js'

export type LockoutPolicy = {maxFailures: number; windowMs: number; lockMs: number}

export const LOCKOUT_POLICY: LockoutPolicy = {maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000}

export const LOCKOUT_ALERT_TYPE = 'login_lockout'

export class Lockout {
  constructor(
    private readonly db: Db,
    private readonly alerts: Alerts,
    private readonly logger: Logger,
    private readonly policy: LockoutPolicy = LOCKOUT_POLICY,
    /** Kept in front of the e-mail in the store; named in the alert. Empty for the user gateway. */
    private readonly scope = '',
  ) {}

  /** Throws `rate_limited` (with Retry-After) while `email` is locked. */
  assertOpen(email: string): void {
    const until = this.lockedUntil(this.keyOf(email))
    if (until !== undefined) throw lockedError(until)
  }

  /**
   * Records a failed attempt from `ip`. Returns the lock error when this failure locked the e-mail
   * (the caller throws it instead of its own refusal), undefined otherwise.
   */
  fail(email: string, ip: string): RetryLater | undefined {
    const key = this.keyOf(email)
    const now = Date.now()
    const lock = this.db.transaction(() => {
      const cutoff = new Date(now - this.policy.windowMs).toISOString()
      this.db.prepare('DELETE FROM sign_in_failures WHERE email = ? AND created_at <= ?').run(key, cutoff)
      this.db.prepare('INSERT INTO sign_in_failures (email, ip, created_at) VALUES (?, ?, ?)').run(key, ip, nowIso())
      const {failures} = this.db
        .prepare<[string], {failures: number}>('SELECT COUNT(*) AS failures FROM sign_in_failures WHERE email = ?')
        .get(key)!
      if (failures < this.policy.maxFailures) return undefined
      const ips = this.db
        .prepare<[string], {ip: string}>('SELECT DISTINCT ip FROM sign_in_failures WHERE email = ? ORDER BY ip')
        .all(key)
        .map((row) => row.ip)
      const lockedUntil = new Date(now + this.policy.lockMs).toISOString()
      this.db
        .prepare(
          `INSERT INTO sign_in_locks (email, locked_until) VALUES (?, ?)
           ON CONFLICT (email) DO UPDATE SET locked_until = excluded.locked_until`,
        )
        .run(key, lockedUntil)
      this.db.prepare('DELETE FROM sign_in_failures WHERE email = ?').run(key)
      const payload = {
        ...(this.scope === '' ? {} : {scope: this.scope}),
        email,
        ip,
        ips,
        failed_attempts: failures,
        window_minutes: this.policy.windowMs / 60_000,
        locked_until: lockedUntil,
      }
      const alert = this.alerts.create(LOCKOUT_ALERT_TYPE, 'warning', JSON.stringify(payload))
      return {lockedUntil, alertId: alert.id}
    })()
    if (!lock) return undefined
    this.logger.warn({alert_id: lock.alertId, locked_until: lock.lockedUntil}, 'sign-in locked after repeated failures')
    return lockedError(Date.parse(lock.lockedUntil))
  }

  /** Forgets the failures of `email` (after a successful sign-in). */
  clear(email: string): void {
    this.db.prepare('DELETE FROM sign_in_failures WHERE email = ?').run(this.keyOf(email))
  }

  private keyOf(email: string): string {
    return this.scope === '' ? email : `${this.scope}:${email}`
  }

  private lockedUntil(email: string): number | undefined {
    const row = this.db
      .prepare<[string], {locked_until: string}>('SELECT locked_until FROM sign_in_locks WHERE email = ?')
      .get(email)
    if (!row) return undefined
    const until = Date.parse(row.locked_until)
    if (until > Date.now()) return until
    this.db.prepare('DELETE FROM sign_in_locks WHERE email = ? AND locked_until = ?').run(email, row.locked_until)
    return undefined
  }
}

const lockedError = (untilMs: number): RetryLater =>
  new RetryLater('too many failed sign-ins: sign-in is locked for a while', secondsUntil(untilMs))
