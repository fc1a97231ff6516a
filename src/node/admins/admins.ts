/**
 * Administrator users of the AdminGateway: e-mail, scrypt password hash, role, disabled flag and
 * optional TOTP. Only this module touches the `admins` table. Rules: passwords of at least
 * 10 characters that are not the e-mail; e-mails unique; the last active superadmin can be
 * neither disabled nor demoted, so the node never loses its way in.
 */
import {randomUUID} from 'node:crypto'
import type {Db} from '../store/database.js'
import {seal, unseal} from '../auth/sealed.js'
import {hashPassword, verifyPassword} from '../auth/passwords.js'
import {ExchangeError, alreadyExists, invalid, notFound, precondition} from '../ground/errors.js'
import {isUniqueViolation} from '../store/sqlite-errors.js'
import {nowIso} from '../ground/time.js'
import {requireEmail, requireString} from '../ground/validate.js'
import {ADMIN_ROLES, isAdminRole, type AdminRole} from './roles.js'
import {acceptTotp, newTotpSecret, totpUri} from './totp.js'

export const MIN_ADMIN_PASSWORD_LENGTH = 10

export type Admin = {
  id: string
  email: string
  role: AdminRole
  disabled: boolean
  isTotpEnabled: boolean
  createdAt: string
}

type AdminRow = {
  id: string
  email: string
  password_hash: string
  role: AdminRole
  disabled: number
  totp_pending: string | null
  totp_secret: string | null
  totp_last_step: number
  created_at: string
}

const toAdmin = (row: AdminRow): Admin => ({
  id: row.id,
  email: row.email,
  role: row.role,
  disabled: row.disabled === 1,
  isTotpEnabled: row.totp_secret !== null,
  createdAt: row.created_at,
})

export function requireRole(value: unknown): AdminRole {
  if (!isAdminRole(value)) throw invalid(`role must be one of ${ADMIN_ROLES.join(', ')}`)
  return value
}

export class Admins {
  constructor(
    private readonly db: Db,
    private readonly encryptionKey: Buffer,
  ) {}

  async create(email: unknown, password: unknown, role: unknown): Promise<Admin> {
    const address = requireEmail(email)
    const secret = requireString(password, 'password', 1024)
    const adminRole = requireRole(role)
    if (secret.length < MIN_ADMIN_PASSWORD_LENGTH) {
      throw invalid(`password must have at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`)
    }
    if (secret.toLowerCase() === address) throw invalid('password must not be the e-mail')
    if (this.row(address)) throw alreadyExists(`admin ${address} already exists`)
    const passwordHash = await hashPassword(secret)
    const id = randomUUID()
    const now = nowIso()
    try {
      this.db
        .prepare('INSERT INTO admins (id, email, password_hash, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(id, address, passwordHash, adminRole, now, now)
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyExists(`admin ${address} already exists`)
      throw error
    }
    return this.byId(id)!
  }

  list(): Admin[] {
    return this.db.prepare<[], AdminRow>('SELECT * FROM admins ORDER BY created_at, email').all().map(toAdmin)
  }

  count(): number {
    return this.db.prepare<[], {n: number}>('SELECT COUNT(*) AS n FROM admins').get()!.n
  }

  /** Active (not disabled) admins per role, for the metrics. */
  activeByRole(): Record<string, number> {
    const rows = this.db
      .prepare<[], {role: string; n: number}>('SELECT role, COUNT(*) AS n FROM admins WHERE disabled = 0 GROUP BY role')
      .all()
    return Object.fromEntries(rows.map((row) => [row.role, row.n]))
  }

  byId(id: string): Admin | undefined {
    const row = this.db.prepare<[string], AdminRow>('SELECT * FROM admins WHERE id = ?').get(id)
    return row && toAdmin(row)
  }

  byEmail(email: unknown): Admin {
    const address = requireEmail(email)
    const row = this.row(address)
    if (!row) throw notFound(`admin ${address} not found`)
    return toAdmin(row)
  }

  /**
   * Checks e-mail and password; unknown e-mails cost the same scrypt time as wrong passwords and
   * fail the same way (`unauthorized`), so the answer does not tell which admins exist.
   */
  async authenticate(email: string, password: string): Promise<Admin> {
    const row = this.row(email.trim().toLowerCase())
    const ok = await verifyPassword(password, row?.password_hash)
    if (!row || !ok) throw new ExchangeError('unauthorized', 'wrong e-mail or password')
    return toAdmin(row)
  }

  setRole(email: unknown, role: unknown): Admin {
    const admin = this.byEmail(email)
    const next = requireRole(role)
    this.db.transaction(() => {
      if (admin.role === 'superadmin' && next !== 'superadmin' && !admin.disabled) this.keepOneSuperadmin(admin.id, 'demote')
      this.update(admin.id, 'role = ?', next)
    })()
    return this.byId(admin.id)!
  }

  /** Disables an admin: sign-in is refused and every token already issued stops working. */
  disable(email: unknown): Admin {
    const admin = this.byEmail(email)
    this.db.transaction(() => {
      if (admin.role === 'superadmin' && !admin.disabled) this.keepOneSuperadmin(admin.id, 'disable')
      this.update(admin.id, 'disabled = 1')
    })()
    return this.byId(admin.id)!
  }

  /**
   * Creates the first superadmin when there is no admin at all (config.bootstrapAdmin). Returns the
   * admin when one was created, undefined when admins already exist.
   */
  async bootstrap(config: {email: string; password: string} | undefined): Promise<Admin | undefined> {
    if (!config || this.count() > 0) return undefined
    try {
      return await this.create(config.email, config.password, 'superadmin')
    } catch (error) {
      if (error instanceof ExchangeError) throw new ExchangeError(error.code, `bootstrap admin: ${error.message}`)
      throw error
    }
  }

  /** Starts TOTP setup: a fresh secret, kept pending until a code from it is confirmed by `enableTotp`. */
  setupTotp(id: string): {secret: string; uri: string} {
    const row = this.requireRow(id)
    if (row.totp_secret !== null) throw precondition('two-factor authentication is already enabled')
    const secret = newTotpSecret()
    this.update(id, 'totp_pending = ?', seal(this.encryptionKey, secret))
    return {secret, uri: totpUri(row.email, secret)}
  }

  /** Turns TOTP on after one valid code of the pending secret. */
  async enableTotp(id: string, code: unknown): Promise<void> {
    const row = this.requireRow(id)
    if (row.totp_secret !== null) throw precondition('two-factor authentication is already enabled')
    if (row.totp_pending === null) throw precondition('start with two-factor setup first')
    const pending = unseal(this.encryptionKey, row.totp_pending)
    const step = await acceptTotp(pending, code, row.totp_last_step)
    if (step === undefined) throw invalid('invalid two-factor code')
    this.update(id, 'totp_secret = totp_pending, totp_pending = NULL, totp_last_step = ?', step)
  }

  /** Turns TOTP off; needs a valid code too. */
  async disableTotp(id: string, code: unknown): Promise<void> {
    await this.checkTotp(id, code)
    this.update(id, 'totp_secret = NULL, totp_pending = NULL')
  }

  /**
   * Verifies a TOTP code of an admin with TOTP on, once: the accepted time step is stored so the
   * code cannot be replayed. A wrong, malformed or replayed code is `invalid_argument`.
   */
  async checkTotp(id: string, code: unknown): Promise<void> {
    const row = this.requireRow(id)
    if (row.totp_secret === null) throw precondition('two-factor authentication is not enabled')
    const step = await acceptTotp(unseal(this.encryptionKey, row.totp_secret), code, row.totp_last_step)
    // The conditional update makes two concurrent uses of one code accept only one.
    const stored =
      step !== undefined &&
      this.db.prepare('UPDATE admins SET totp_last_step = ? WHERE id = ? AND totp_last_step < ?').run(step, id, step).changes ===
        1
    if (!stored) throw invalid('invalid two-factor code')
  }

  private keepOneSuperadmin(id: string, verb: string): void {
    const others = this.db
      .prepare<[string], {n: number}>("SELECT COUNT(*) AS n FROM admins WHERE role = 'superadmin' AND disabled = 0 AND id != ?")
      .get(id)!.n
    if (others === 0) throw precondition(`cannot ${verb} the last active superadmin`)
  }

  private requireRow(id: string): AdminRow {
    const row = this.db.prepare<[string], AdminRow>('SELECT * FROM admins WHERE id = ?').get(id)
    if (!row) throw notFound(`admin ${id} not found`)
    return row
  }

  private row(email: string): AdminRow | undefined {
    return this.db.prepare<[string], AdminRow>('SELECT * FROM admins WHERE email = ?').get(email)
  }

  private update(id: string, assignments: string, ...values: unknown[]): void {
    this.db.prepare(`UPDATE admins SET ${assignments}, updated_at = ? WHERE id = ?`).run(...values, nowIso(), id)
  }
}
