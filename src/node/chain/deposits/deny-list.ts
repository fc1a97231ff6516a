/**
 * The operator's AML deny-list: source addresses whose deposits are held (status `held`, alert
 * `aml_hit`) and credited only when an admin releases them. Addresses are compared in the form
 * `addressKey` gives (EVM addresses case-insensitively).
 */
import type {Db} from '../../store/database.js'
import {alreadyExists, notFound} from '../../ground/errors.js'
import {isUniqueViolation} from '../../store/sqlite-errors.js'
import {nowIso} from '../../ground/time.js'
import {requireString} from '../../ground/validate.js'
import {addressKey} from '../address-key.js'

export type DeniedAddress = {address: string; reason: string; createdAt: string}

type Row = {address: string; reason: string; created_at: string}

export class DenyList {
  constructor(private readonly db: Db) {}

  add(address: unknown, reason: unknown): DeniedAddress {
    const key = addressKey(requireString(address, 'address', 128))
    const why = requireString(reason ?? 'deny-listed by an operator', 'reason', 500)
    const createdAt = nowIso()
    try {
      this.db.prepare('INSERT INTO aml_deny_list (address, reason, created_at) VALUES (?, ?, ?)').run(key, why, createdAt)
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyExists(`${key} is already on the deny-list`)
      throw error
    }
    return {address: key, reason: why, createdAt}
  }

  remove(address: unknown): void {
    const key = addressKey(requireString(address, 'address', 128))
    if (this.db.prepare('DELETE FROM aml_deny_list WHERE address = ?').run(key).changes === 0) {
      throw notFound(`${key} is not on the deny-list`)
    }
  }

  list(): DeniedAddress[] {
    return this.db
      .prepare<[], Row>('SELECT address, reason, created_at FROM aml_deny_list ORDER BY created_at, address')
      .all()
      .map((row) => ({address: row.address, reason: row.reason, createdAt: row.created_at}))
  }

  /** The entry for a source address, when it is denied. */
  find(address: string | null): DeniedAddress | undefined {
    if (address === null) return undefined
    const row = this.db
      .prepare<[string], Row>('SELECT address, reason, created_at FROM aml_deny_list WHERE address = ?')
      .get(addressKey(address))
    return row && {address: row.address, reason: row.reason, createdAt: row.created_at}
  }
}
