/**
 * Advertisements (docs/p2p.md "Endpoints"): a maker offers to BUY or SELL an asset for a fiat currency at a
 * fixed or floating price, within fiat limits, up to a total crypto amount. The remaining amount
 * shrinks when an order is created and grows back when one ends without a deal.
 */
import type {Db} from '../store/database.js'
import type {Assets} from '../assets/assets.js'
import {ExchangeError, absent, invalid} from '../ground/errors.js'
import {parsePositiveAmount} from '../ground/money.js'
import {nowIso} from '../ground/time.js'
import {optionalOneOf, optionalString, requireOneOf} from '../ground/validate.js'
import {floatingPrice, formatFiat, parseFiat, parsePremium, requireFiat} from './pricing.js'
import type {Registry} from './registry.js'
import {ESCROW_STATUSES} from './states.js'

export type AdType = 'BUY' | 'SELL'
export type AdStatus = 'active' | 'paused' | 'deleted'

export type Ad = {
  id: string
  seq: number
  makerId: string
  type: AdType
  asset: string
  fiat: string
  priceType: 'fixed' | 'floating'
  /** Fixed price in fiat minor units, or null for a floating ad. */
  price: bigint | null
  premiumPct: string | null
  minAmount: bigint
  maxAmount: bigint
  totalAmount: bigint
  remainingAmount: bigint
  paymentMethods: string[]
  paymentWindowMinutes: number
  terms: string
  status: AdStatus
  createdAt: string
  updatedAt: string
}

type AdRow = {
  id: string
  seq: number
  maker_id: string
  type: AdType
  asset: string
  fiat: string
  price_type: 'fixed' | 'floating'
  price: string | null
  premium_pct: string | null
  min_amount: string
  max_amount: string
  total_amount: string
  remaining_amount: string
  payment_methods: string
  payment_window_minutes: number
  terms: string
  status: AdStatus
  created_at: string
  updated_at: string
}

const toAd = (row: AdRow): Ad => ({
  id: row.id,
  seq: row.seq,
  makerId: row.maker_id,
  type: row.type,
  asset: row.asset,
  fiat: row.fiat,
  priceType: row.price_type,
  price: row.price === null ? null : BigInt(row.price),
  premiumPct: row.premium_pct,
  minAmount: BigInt(row.min_amount),
  maxAmount: BigInt(row.max_amount),
  totalAmount: BigInt(row.total_amount),
  remainingAmount: BigInt(row.remaining_amount),
  paymentMethods: JSON.parse(row.payment_methods) as string[],
  paymentWindowMinutes: row.payment_window_minutes,
  terms: row.terms,
  status: row.status,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

export type AdFilter = {type?: AdType; asset?: string; fiat?: string; paymentMethod?: string}

/**
 * A new advertisement as the maker sends it (docs/p2p.md "Endpoints"). Values are checked by `create`: a fixed
 * ad has `price`, a floating one `premiumPct`; limits in fiat, the total in crypto, all decimal strings.
 */
export type CreateAdInput = {
  type: unknown
  asset: unknown
  fiat: unknown
  priceType: unknown
  price?: unknown
  premiumPct?: unknown
  minAmount: unknown
  maxAmount: unknown
  totalAmount: unknown
  paymentMethods: unknown
  /** Default 15. */
  paymentWindowMinutes?: unknown
  terms?: unknown
}

/** What a maker may change of an advertisement; an absent field keeps its value. */
export type UpdateAdInput = {
  price?: unknown
  premiumPct?: unknown
  minAmount?: unknown
  maxAmount?: unknown
  paymentMethods?: unknown
  status?: unknown
  terms?: unknown
}

const IN_PROGRESS = ESCROW_STATUSES.map((status) => `'${status}'`).join(', ')

export class Advertisements {
  constructor(
    private readonly db: Db,
    private readonly assets: Assets,
    private readonly registry: Registry,
  ) {}

  create(makerId: string, input: CreateAdInput): Ad {
    const type = requireOneOf(input.type, ['BUY', 'SELL'] as const, 'type')
    const asset = this.assets.require(input.asset)
    const fiat = requireFiat(input.fiat)
    const priceType = requireOneOf(input.priceType, ['fixed', 'floating'] as const, 'price_type')
    let price: bigint | null = null
    let premium: string | null = null
    if (priceType === 'fixed') {
      if (input.premiumPct !== undefined) throw invalid('premium_pct is for floating prices only')
      price = parseFiat(input.price, 'price')
      if (price <= 0n) throw invalid('price must be greater than zero')
    } else {
      if (input.price !== undefined) throw invalid('a floating ad has premium_pct, not price')
      premium = parsePremium(input.premiumPct)
      this.registry.rate(asset.code, fiat)
    }
    const {min, max} = this.limits(input.minAmount, input.maxAmount)
    const total = parsePositiveAmount(input.totalAmount, asset.decimals, 'total_amount')
    const methods = this.registry.requireMethods(input.paymentMethods)
    const window = paymentWindow(input.paymentWindowMinutes ?? 15)
    const terms = optionalString(input.terms, 'terms', 2000) ?? ''
    const id = crypto.randomUUID()
    const now = nowIso()
    const seq = (this.db.prepare('SELECT coalesce(max(seq), 0) + 1 AS n FROM p2p_ads').get() as {n: number}).n
    this.db
      .prepare(
        `INSERT INTO p2p_ads (id, seq, maker_id, type, asset, fiat, price_type, price, premium_pct, min_amount, max_amount,
           total_amount, remaining_amount, payment_methods, payment_window_minutes, terms, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?)`,
      )
      .run(
        id,
        seq,
        makerId,
        type,
        asset.code,
        fiat,
        priceType,
        price?.toString() ?? null,
        premium,
        min.toString(),
        max.toString(),
        total.toString(),
        total.toString(),
        JSON.stringify(methods),
        window,
        terms,
        now,
        now,
      )
    return this.require(id)
  }

  get(id: string): Ad | undefined {
    const row = this.db.prepare('SELECT * FROM p2p_ads WHERE id = ?').get(id) as AdRow | undefined
    return row && toAd(row)
  }

  require(id: string): Ad {
    const ad = this.get(id)
    if (!ad || ad.status === 'deleted') throw absent('advertisement', id)
    return ad
  }

  /** Active ads matching the filter, oldest first (the caller sorts by price and reputation). */
  list(filter: AdFilter): Ad[] {
    const where = ["status = 'active'"]
    const params: string[] = []
    for (const [column, value] of [
      ['type', filter.type],
      ['asset', filter.asset],
      ['fiat', filter.fiat],
    ] as const) {
      if (value === undefined) continue
      where.push(`${column} = ?`)
      params.push(value)
    }
    const rows = this.db.prepare(`SELECT * FROM p2p_ads WHERE ${where.join(' AND ')} ORDER BY seq`).all(...params) as AdRow[]
    const ads = rows.map(toAd)
    return filter.paymentMethod === undefined ? ads : ads.filter((ad) => ad.paymentMethods.includes(filter.paymentMethod!))
  }

  /** The maker's own ads that are not deleted (active and paused), newest first. */
  ofMaker(makerId: string): Ad[] {
    const rows = this.db
      .prepare("SELECT * FROM p2p_ads WHERE maker_id = ? AND status != 'deleted' ORDER BY seq DESC")
      .all(makerId) as AdRow[]
    return rows.map(toAd)
  }

  /** Price (or premium), limits, methods, terms, status active|paused. Only the maker. */
  update(id: string, makerId: string, input: UpdateAdInput): Ad {
    const ad = this.requireOwn(id, makerId)
    let price = ad.price
    let premium = ad.premiumPct
    if (input.price !== undefined) {
      if (ad.priceType !== 'fixed') throw invalid('a floating ad has premium_pct, not price')
      price = parseFiat(input.price, 'price')
      if (price <= 0n) throw invalid('price must be greater than zero')
    }
    if (input.premiumPct !== undefined) {
      if (ad.priceType !== 'floating') throw invalid('premium_pct is for floating prices only')
      premium = parsePremium(input.premiumPct)
    }
    const limits = this.limits(input.minAmount ?? formatFiat(ad.minAmount), input.maxAmount ?? formatFiat(ad.maxAmount))
    const methods = input.paymentMethods === undefined ? ad.paymentMethods : this.registry.requireMethods(input.paymentMethods)
    const status = optionalOneOf(input.status, ['active', 'paused'] as const, 'status') ?? ad.status
    const terms = input.terms === undefined ? ad.terms : (optionalString(input.terms, 'terms', 2000) ?? '')
    this.db
      .prepare(
        `UPDATE p2p_ads SET price = ?, premium_pct = ?, min_amount = ?, max_amount = ?, payment_methods = ?, status = ?,
           terms = ?, updated_at = ? WHERE id = ?`,
      )
      .run(
        price?.toString() ?? null,
        premium,
        limits.min.toString(),
        limits.max.toString(),
        JSON.stringify(methods),
        status,
        terms,
        nowIso(),
        id,
      )
    return this.require(id)
  }

  /** DELETE: status `deleted`, refused while the ad has orders in progress. */
  delete(id: string, makerId: string): Ad {
    const ad = this.requireOwn(id, makerId)
    if (this.ordersInProgress(ad.id) > 0) {
      throw new ExchangeError('invalid_state', 'the advertisement has orders in progress; it can be deleted once they end')
    }
    this.db.prepare("UPDATE p2p_ads SET status = 'deleted', updated_at = ? WHERE id = ?").run(nowIso(), id)
    return {...ad, status: 'deleted'}
  }

  ordersInProgress(adId: string): number {
    return (
      this.db
        .prepare(`SELECT count(*) AS n FROM p2p_orders WHERE advertisement_id = ? AND status IN (${IN_PROGRESS})`)
        .get(adId) as {
        n: number
      }
    ).n
  }

  /** The ad's price now, in fiat minor units. */
  priceOf(ad: Ad): bigint {
    if (ad.price !== null) return ad.price
    return floatingPrice(this.registry.rate(ad.asset, ad.fiat), ad.premiumPct ?? '0')
  }

  /** Moves `delta` (signed) into the ad's remaining amount; inside the caller's transaction. */
  adjustRemaining(adId: string, delta: bigint): void {
    const row = this.db.prepare('SELECT remaining_amount FROM p2p_ads WHERE id = ?').get(adId) as {remaining_amount: string}
    const next = BigInt(row.remaining_amount) + delta
    if (next < 0n) throw invalid('the amount is more than the advertisement has left')
    this.db.prepare('UPDATE p2p_ads SET remaining_amount = ?, updated_at = ? WHERE id = ?').run(next.toString(), nowIso(), adId)
  }

  /** The advertiser's own ad; another's is as absent as an unknown one (docs/rest.md "Ids you may not reach"). */
  requireOwn(id: string, makerId: string): Ad {
    const ad = this.require(id)
    if (ad.makerId !== makerId) throw absent('advertisement', id)
    return ad
  }

  private limits(minValue: unknown, maxValue: unknown): {min: bigint; max: bigint} {
    const min = parseFiat(minValue, 'min_amount')
    const max = parseFiat(maxValue, 'max_amount')
    if (min <= 0n) throw invalid('min_amount must be greater than zero')
    if (max < min) throw invalid('max_amount must not be below min_amount')
    return {min, max}
  }
}

function paymentWindow(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 10 || value > 180) {
    throw invalid('payment_window_minutes must be a whole number from 10 to 180')
  }
  return value
}
