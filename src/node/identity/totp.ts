/**
 * TOTP factors (RFC 6238: SHA-1, 6 digits, 30 s steps; what common authenticator apps use). The
 * secret is sealed in the store. A code is accepted one step either side of now (clock drift),
 * and only for a time step later than the last accepted one, so a code cannot be replayed.
 */
import {generateSecret, generateURI, verify} from 'otplib'
import {seal, unseal} from '../auth/sealed.js'
import type {Db} from '../store/database.js'
import {nowIso} from '../ground/time.js'
import {CODE_PATTERN} from './codes.js'

export const TOTP_ISSUER = 'Exchange'
/** One 30 s step either side. */
export const TOTP_TOLERANCE_SECONDS = 30

export type TotpState = 'none' | 'pending' | 'enabled'

type TotpRow = {account_id: string; secret_enc: string; enabled: number; last_step: number}

export class TotpFactors {
  constructor(
    private readonly db: Db,
    private readonly sealKey: Buffer,
  ) {}

  state(accountId: string): TotpState {
    const row = this.row(accountId)
    return !row ? 'none' : row.enabled === 1 ? 'enabled' : 'pending'
  }

  /** A new secret, stored sealed and not yet enabled (replacing a pending one). */
  create(accountId: string, label: string): {secret: string; otpauthUri: string} {
    const secret = generateSecret()
    const now = nowIso()
    this.db
      .prepare(
        `INSERT INTO totp (account_id, secret_enc, enabled, last_step, created_at, updated_at) VALUES (?, ?, 0, 0, ?, ?)
         ON CONFLICT (account_id) DO UPDATE SET secret_enc = excluded.secret_enc, enabled = 0, last_step = 0, updated_at = excluded.updated_at`,
      )
      .run(accountId, seal(this.sealKey, secret), now, now)
    return {secret, otpauthUri: generateURI({issuer: TOTP_ISSUER, label, secret})}
  }

  /**
   * Accepts `code` once for the account's factor in `state` ('pending' to enable it, 'enabled' to use
   * it) and records its time step; with `enable`, the factor becomes enabled in the same write, and
   * `alsoInTransaction` commits together with it.
   */
  async accept(
    accountId: string,
    code: string,
    state: 'pending' | 'enabled',
    options: {enable?: boolean; alsoInTransaction?: () => void} = {},
  ): Promise<boolean> {
    const row = this.row(accountId)
    if (!row || (row.enabled === 1) !== (state === 'enabled') || !CODE_PATTERN.test(code)) return false
    const result = await verify({
      secret: unseal(this.sealKey, row.secret_enc),
      token: code,
      epochTolerance: TOTP_TOLERANCE_SECONDS,
    })
    if (!result.valid || !('timeStep' in result) || result.timeStep <= row.last_step) return false
    const timeStep = result.timeStep
    return this.db.transaction(() => {
      // Only one request can move last_step past this step: a concurrent replay loses here.
      const changed = this.db
        .prepare(
          `UPDATE totp SET last_step = ?, enabled = ?, updated_at = ?
           WHERE account_id = ? AND last_step < ? AND enabled = ? AND secret_enc = ?`,
        )
        .run(timeStep, options.enable || row.enabled === 1 ? 1 : 0, nowIso(), accountId, timeStep, row.enabled, row.secret_enc)
      if (changed.changes !== 1) return false
      options.alsoInTransaction?.()
      return true
    })()
  }

  remove(accountId: string): void {
    this.db.prepare('DELETE FROM totp WHERE account_id = ?').run(accountId)
  }

  private row(accountId: string): TotpRow | undefined {
    return this.db.prepare<[string], TotpRow>('SELECT * FROM totp WHERE account_id = ?').get(accountId)
  }
}
