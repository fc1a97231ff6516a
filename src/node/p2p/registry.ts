/**
 * Operator reference data of P2P trading: the payment-method registry, the reference rates per
 * (asset, fiat) that floating prices follow, and each user's own details per payment method.
 */
import type {Db} from '../store/database.js'
import {alreadyExists, invalid, notFound, precondition} from '../ground/errors.js'
import {nowIso} from '../ground/time.js'
import {requireOneOf, requireString} from '../ground/validate.js'
import {formatFiat, parseFiat, requireFiat} from './pricing.js'

export const PAYMENT_KINDS = ['bank_transfer', 'fast_payment', 'card', 'other'] as const
export type PaymentKind = (typeof PAYMENT_KINDS)[number]
export type PaymentMethod = {id: string; name: string; kind: PaymentKind}
export type ReferenceRate = {asset: string; fiat: string; rate: string; updatedAt: string}
/** A user's own details for one payment method (shown to the counterparty once an order is ACCEPTED). */
export type PaymentDetails = {paymentMethod: string; details: string}
/** What a user sends to store their details for a method; checked by `setDetails`. */
export type PaymentDetailsInput = {paymentMethod: unknown; details: unknown}

const METHOD_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/

/** Seeded on a fresh store so a node can trade at once; operators add more. */
const DEFAULT_METHODS: PaymentMethod[] = [
  {id: 'bank_transfer', name: 'Bank transfer', kind: 'bank_transfer'},
  {id: 'fast_payment', name: 'Fast payment system', kind: 'fast_payment'},
  {id: 'card', name: 'Card to card', kind: 'card'},
]

export class Registry {
  constructor(private readonly db: Db) {}

  bootstrap(): void {
    const count = (this.db.prepare('SELECT count(*) AS n FROM p2p_payment_methods').get() as {n: number}).n
    if (count > 0) return
    for (const method of DEFAULT_METHODS) this.addMethod(method)
  }

  addMethod(input: {id: unknown; name: unknown; kind: unknown}): PaymentMethod {
    const id = requireString(input.id, 'id', 64)
    if (!METHOD_ID.test(id)) throw invalid('id must be lowercase letters, digits, "_" or "-", such as "sepa"')
    const method = {id, name: requireString(input.name, 'name', 100), kind: requireOneOf(input.kind, PAYMENT_KINDS, 'kind')}
    if (this.method(id)) throw alreadyExists(`payment method ${id} already exists`)
    this.db
      .prepare('INSERT INTO p2p_payment_methods (id, name, kind, created_at) VALUES (?, ?, ?, ?)')
      .run(method.id, method.name, method.kind, nowIso())
    return method
  }

  methods(): PaymentMethod[] {
    return this.db.prepare('SELECT id, name, kind FROM p2p_payment_methods ORDER BY id').all() as PaymentMethod[]
  }

  method(id: string): PaymentMethod | undefined {
    return this.db.prepare('SELECT id, name, kind FROM p2p_payment_methods WHERE id = ?').get(id) as PaymentMethod | undefined
  }

  /** Up to five distinct registry ids. */
  requireMethods(value: unknown): string[] {
    if (!Array.isArray(value) || value.length === 0 || value.length > 5) {
      throw invalid('payment_methods must be a list of 1 to 5 payment method ids')
    }
    const ids = value.map((id) => requireString(id, 'payment_methods[]', 64))
    if (new Set(ids).size !== ids.length) throw invalid('payment_methods has duplicates')
    for (const id of ids) if (!this.method(id)) throw invalid(`unknown payment method ${id} (see GET /p2p/payment-methods/)`)
    return ids
  }

  setRate(asset: string, fiatValue: unknown, rateValue: unknown): ReferenceRate {
    const fiat = requireFiat(fiatValue)
    const rate = parseFiat(rateValue, 'rate')
    if (rate <= 0n) throw invalid('rate must be greater than zero')
    const updatedAt = nowIso()
    this.db
      .prepare(
        `INSERT INTO p2p_reference_rates (asset, fiat, rate, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (asset, fiat) DO UPDATE SET rate = excluded.rate, updated_at = excluded.updated_at`,
      )
      .run(asset, fiat, rate.toString(), updatedAt)
    return {asset, fiat, rate: formatFiat(rate), updatedAt}
  }

  rates(): ReferenceRate[] {
    const rows = this.db.prepare('SELECT * FROM p2p_reference_rates ORDER BY asset, fiat').all() as {
      asset: string
      fiat: string
      rate: string
      updated_at: string
    }[]
    return rows.map((row) => ({asset: row.asset, fiat: row.fiat, rate: formatFiat(BigInt(row.rate)), updatedAt: row.updated_at}))
  }

  /** The reference rate in fiat minor units (FIAT_DECIMALS places), or a precondition failure. */
  rate(asset: string, fiat: string): bigint {
    const row = this.db.prepare('SELECT rate FROM p2p_reference_rates WHERE asset = ? AND fiat = ?').get(asset, fiat) as
      {rate: string} | undefined
    if (!row) throw precondition(`no reference rate for ${asset}/${fiat}; an operator sets it (P2PService.SetReferenceRate)`)
    return BigInt(row.rate)
  }

  setDetails(accountId: string, input: PaymentDetailsInput): PaymentDetails {
    const method = requireString(input.paymentMethod, 'payment_method', 64)
    if (!this.method(method)) throw invalid(`unknown payment method ${method}`)
    const details = requireString(input.details, 'details', 500)
    this.db
      .prepare(
        `INSERT INTO p2p_user_payment_methods (account_id, payment_method, details, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (account_id, payment_method) DO UPDATE SET details = excluded.details, updated_at = excluded.updated_at`,
      )
      .run(accountId, method, details, nowIso())
    return {paymentMethod: method, details}
  }

  removeDetails(accountId: string, method: string): void {
    const result = this.db
      .prepare('DELETE FROM p2p_user_payment_methods WHERE account_id = ? AND payment_method = ?')
      .run(accountId, method)
    if (result.changes === 0) throw notFound(`no details stored for ${method}`)
  }

  details(accountId: string): PaymentDetails[] {
    const rows = this.db
      .prepare('SELECT payment_method, details FROM p2p_user_payment_methods WHERE account_id = ? ORDER BY payment_method')
      .all(accountId) as {payment_method: string; details: string}[]
    return rows.map((row) => ({paymentMethod: row.payment_method, details: row.details}))
  }
}
