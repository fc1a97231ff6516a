/** Tiers: named sets of fees and limits. Exactly one tier is the default, given to new accounts. */
import {randomUUID} from 'node:crypto'
import type {Db} from '../store/database.js'
import {readsCommitted} from '../store/database.js'
import {Changes} from '../ground/changes.js'
import {alreadyExists, notFound, precondition} from '../ground/errors.js'
import {isForeignKeyViolation, isUniqueViolation} from '../store/sqlite-errors.js'
import {nowIso} from '../ground/time.js'
import {requireString, requireUuid} from '../ground/validate.js'
import {parseLimits, validateLimits, type TierLimits} from './limits.js'

export type Tier = {id: string; name: string; limits: string; isDefault: boolean}

type TierRow = {id: string; name: string; limits: string; is_default: number}

const toTier = (row: TierRow): Tier => ({id: row.id, name: row.name, limits: row.limits, isDefault: row.is_default === 1})

export class Tiers {
  /** Prepared once: fees are read for every trade. */
  private readonly byId
  /**
   * Parsed limits by tier id, as committed: every order reads its account's (rate limit, fees), and
   * this class alone writes the table. Filled only outside a transaction; emptied by every write.
   */
  private readonly limitsCache = new Map<string, TierLimits>()
  /** The id of every tier created, changed or deleted (cluster mode listens). */
  readonly changes = new Changes()

  constructor(private readonly db: Db) {
    this.byId = db.prepare<[string], TierRow>('SELECT * FROM tiers WHERE id = ?')
  }

  create(name: unknown, limits: unknown): string {
    const tierName = requireString(name, 'name', 64)
    const json = validateLimits(limits)
    const id = randomUUID()
    try {
      this.db
        .prepare('INSERT INTO tiers (id, name, limits, is_default, created_at) VALUES (?, ?, ?, 0, ?)')
        .run(id, tierName, json, nowIso())
      this.limitsCache.clear()
      this.changes.emit(id)
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyExists(`tier ${tierName} already exists`)
      throw error
    }
    return id
  }

  /** Updates the name and/or limits; an empty value keeps the current one. */
  update(tierId: unknown, name: unknown, limits: unknown): void {
    const tier = this.require(tierId)
    const nextName = name === undefined || name === '' ? tier.name : requireString(name, 'name', 64)
    const nextLimits = limits === undefined || limits === '' ? tier.limits : validateLimits(limits)
    try {
      this.db.prepare('UPDATE tiers SET name = ?, limits = ? WHERE id = ?').run(nextName, nextLimits, tier.id)
      this.limitsCache.clear()
      this.changes.emit(tier.id)
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyExists(`tier ${nextName} already exists`)
      throw error
    }
  }

  /** Deletes a tier that is neither the default nor assigned to any account. */
  delete(tierId: unknown): void {
    const tier = this.require(tierId)
    if (tier.isDefault) throw precondition('the default tier cannot be deleted')
    try {
      this.db.prepare('DELETE FROM tiers WHERE id = ?').run(tier.id)
      this.limitsCache.clear()
      this.changes.emit(tier.id)
    } catch (error) {
      if (isForeignKeyViolation(error)) throw precondition(`tier ${tier.name} is assigned to accounts`)
      throw error
    }
  }

  getDefault(): Tier {
    const row = this.db.prepare<[], TierRow>('SELECT * FROM tiers WHERE is_default = 1').get()
    if (!row) throw notFound('no default tier is set')
    return toTier(row)
  }

  setDefault(tierId: unknown): void {
    const tier = this.require(tierId)
    this.db.transaction(() => {
      this.db.prepare('UPDATE tiers SET is_default = 0 WHERE is_default = 1').run()
      this.db.prepare('UPDATE tiers SET is_default = 1 WHERE id = ?').run(tier.id)
    })()
  }

  list(): Tier[] {
    return this.db.prepare<[], TierRow>('SELECT * FROM tiers ORDER BY created_at, name').all().map(toTier)
  }

  get(tierId: string): Tier | undefined {
    const row = this.byId.get(tierId)
    return row && toTier(row)
  }

  /** The tier or NOT_FOUND; validates the id. */
  require(tierId: unknown): Tier {
    const id = requireUuid(tierId, 'tier_id')
    const tier = this.get(id)
    if (!tier) throw notFound(`tier ${id} not found`)
    return tier
  }

  /** Effective fees and limits of a tier (shared: frozen). */
  limitsOf(tierId: string): Readonly<TierLimits> {
    const cached = this.limitsCache.get(tierId)
    if (cached) return cached
    const tier = this.get(tierId)
    if (!tier) throw notFound(`tier ${tierId} not found`)
    const limits = parseLimits(tier.limits)
    Object.freeze(limits.withdrawalLimit24h)
    Object.freeze(limits)
    if (readsCommitted(this.db)) this.limitsCache.set(tierId, limits)
    return limits
  }

  /** Creates the default tier of a fresh store. */
  bootstrap(): void {
    if (this.db.prepare('SELECT 1 FROM tiers LIMIT 1').get()) return
    const id = this.create('default', JSON.stringify({maker_fee: '0.001', taker_fee: '0.002', orders_per_second: 10}))
    this.setDefault(id)
  }
}
