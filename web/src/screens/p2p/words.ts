/**
 * What the P2P screens say about ads, orders and people: names of users (the API gives ids only),
 * statuses in words, payment-method names, percentages, durations and the countdown of a timer.
 * Money stays a decimal string; the arithmetic here is decimal.js.
 */
import Decimal from 'decimal.js'
import type {P2POrder, P2PStatus, PaymentMethod} from '../../api/p2p'
import {readable} from '../../lib/decimal'

/** A person as others see them: the API has no nicknames, so the start of the account id. */
export const userName = (id: string): string => `User ${id.slice(0, 8)}`

export const STATUS_WORDS: Record<P2PStatus, string> = {
  CREATED: 'Waiting for acceptance',
  ACCEPTED: 'Waiting for payment',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
  PROCESSING: 'Payment being marked',
  PAYMENT_COMPLETED: 'Paid, waiting for release',
  PAYMENT_CONFIRMED: 'Payment confirmed',
  SUCCESS: 'Completed',
  DISPUTE_START: 'Dispute opened',
  DISPUTE_DECISION_AWAITING: 'Dispute with an arbitrator',
  DISPUTE_DECIDED: 'Dispute decided',
}

/** The states after which nothing more happens to the order (docs/p2p.md "Order states"). */
export const FINAL: ReadonlySet<P2PStatus> = new Set(['REJECTED', 'CANCELLED', 'SUCCESS'])

/** The states in which the parties may write in the chat (docs/p2p.md "Decisions", `CHAT_OPEN`). */
export const CHAT_OPEN: ReadonlySet<P2PStatus> = new Set([
  'ACCEPTED',
  'PROCESSING',
  'PAYMENT_COMPLETED',
  'PAYMENT_CONFIRMED',
  'DISPUTE_START',
  'DISPUTE_DECISION_AWAITING',
  'DISPUTE_DECIDED',
])

export const statusTone = (status: P2PStatus): 'good' | 'bad' | 'wait' =>
  status === 'SUCCESS' ? 'good' : status === 'REJECTED' || status === 'CANCELLED' || status.startsWith('DISPUTE') ? 'bad' : 'wait'

/** The registry's name of a payment method, or its id when the registry does not know it. */
export function methodName(methods: PaymentMethod[], id: string): string {
  return methods.find((method) => method.id === id)?.name ?? id
}

/** A fiat amount for reading: grouped, two places. */
export const fiat = (value: string): string => readable(value, 2)

/** `amount × price` in fiat, rounded half up to the cent, as the node rounds it (docs/p2p.md "Decisions"). */
export function fiatOf(amount: string, price: string): string {
  return new Decimal(amount).times(new Decimal(price)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed()
}

/** A ratio of 0…1 (`"0.9523"`) as a percentage for reading (`"95.23%"`). */
export function percent(ratio: string): string {
  return `${new Decimal(ratio).times(100).toDecimalPlaces(2).toFixed()}%`
}

/** Seconds as a short duration: `45 s`, `12 min`, `3 h 5 min`. */
export function duration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

/** Milliseconds left as `m:ss` (or `h:mm:ss`); `0:00` once past. */
export function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = String(total % 60).padStart(2, '0')
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`
}

export const when = (iso: string): string => new Date(iso).toLocaleString(undefined, {dateStyle: 'medium', timeStyle: 'short'})

/** The other party of an order, seen by `me`. */
export const counterpartyOf = (order: P2POrder, me: string): string => (order.buyer_id === me ? order.seller_id : order.buyer_id)

/** "Buy 100 USDT" / "Sell 100 USDT", from the caller's side. */
export function orderTitle(order: P2POrder): string {
  return `${order.side === 'sell' ? 'Sell' : 'Buy'} ${readable(order.amount)} ${order.asset}`
}

/** A file's size for reading. */
export function bytes(size: number): string {
  if (size < 1024) return `${size} B`
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KiB`
  return `${(size / (1024 * 1024)).toFixed(1)} MiB`
}
