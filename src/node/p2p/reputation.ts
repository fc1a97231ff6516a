/**
 * Feedback and the P2P profile of a user: completed orders (all time and 30 days), the 30-day
 * completion rate (SUCCESS among the user's orders that ended in the last 30 days), the average
 * release time (PAYMENT_COMPLETED → SUCCESS of the orders the user sold), rating average, count
 * and positive share (4 or 5).
 */
import type {Db} from '../store/database.js'
import {ExchangeError, invalid} from '../ground/errors.js'
import type {Order} from './order-store.js'

export type Feedback = {orderId: string; fromId: string; toId: string; rating: number; comment: string; createdAt: string}

/** What a party sends after SUCCESS: `rating` a whole number 1–5, an optional `comment` ≤ 500 characters. */
export type FeedbackInput = {rating: unknown; comment?: unknown}

export type Profile = {
  userId: string
  /** SUCCESS orders, all time. */
  completedOrders: number
  completedOrders30d: number
  /** SUCCESS / ended among the orders that ended in 30 days: a decimal string, up to 4 places. */
  completionRate30d: string
  avgReleaseSeconds: number | null
  rating: {average: string | null; count: number; positiveShare: string | null}
  /** The latest 50, newest first. */
  feedback: {orderId: string; rating: number; comment: string; createdAt: string}[]
}

const DAY_MS = 86_400_000

export class Reputation {
  constructor(private readonly db: Db) {}

  leave(order: Order, fromId: string, input: FeedbackInput, at: string): Feedback {
    if (order.status !== 'SUCCESS') throw new ExchangeError('invalid_state', 'feedback is left after SUCCESS')
    const {rating: ratingValue, comment: commentValue} = input
    if (typeof ratingValue !== 'number' || !Number.isInteger(ratingValue) || ratingValue < 1 || ratingValue > 5) {
      throw invalid('rating must be a whole number from 1 to 5')
    }
    if (commentValue !== undefined && typeof commentValue !== 'string') throw invalid('comment must be a string')
    const comment = commentValue ?? ''
    if (comment.length > 500) throw invalid('comment is longer than 500 characters')
    const toId = fromId === order.buyerId ? order.sellerId : order.buyerId
    const exists = this.db.prepare('SELECT 1 FROM p2p_feedback WHERE order_id = ? AND from_id = ?').get(order.id, fromId)
    if (exists) throw new ExchangeError('already_exists', 'feedback on this order was already left')
    this.db
      .prepare('INSERT INTO p2p_feedback (order_id, from_id, to_id, rating, comment, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(order.id, fromId, toId, ratingValue, comment, at)
    return {orderId: order.id, fromId, toId, rating: ratingValue, comment, createdAt: at}
  }

  profile(userId: string, nowMs: number): Profile {
    const since = new Date(nowMs - 30 * DAY_MS).toISOString()
    const ended = this.db
      .prepare(
        `SELECT status, count(*) AS n FROM p2p_orders WHERE (buyer_id = ? OR seller_id = ?) AND status IN ('SUCCESS', 'CANCELLED', 'REJECTED')
         AND updated_at >= ? GROUP BY status`,
      )
      .all(userId, userId, since) as {status: string; n: number}[]
    const success30 = ended.find((row) => row.status === 'SUCCESS')?.n ?? 0
    const ended30 = ended.reduce((sum, row) => sum + row.n, 0)
    const all = (
      this.db
        .prepare("SELECT count(*) AS n FROM p2p_orders WHERE (buyer_id = ? OR seller_id = ?) AND status = 'SUCCESS'")
        .get(userId, userId) as {
        n: number
      }
    ).n
    const releases = this.db
      .prepare(
        `SELECT paid.at AS paid_at, done.at AS done_at FROM p2p_orders o
         JOIN p2p_order_history paid ON paid.order_id = o.id AND paid.status = 'PAYMENT_COMPLETED'
         JOIN p2p_order_history done ON done.order_id = o.id AND done.status = 'SUCCESS'
         WHERE o.seller_id = ? AND o.status = 'SUCCESS'`,
      )
      .all(userId) as {paid_at: string; done_at: string}[]
    const seconds = releases.map((row) => Math.max(0, Date.parse(row.done_at) - Date.parse(row.paid_at)) / 1000)
    const feedback = this.db
      .prepare('SELECT order_id, rating, comment, created_at FROM p2p_feedback WHERE to_id = ? ORDER BY created_at DESC')
      .all(userId) as {order_id: string; rating: number; comment: string; created_at: string}[]
    const count = feedback.length
    const sum = feedback.reduce((total, row) => total + row.rating, 0)
    const positive = feedback.filter((row) => row.rating >= 4).length
    return {
      userId,
      completedOrders: all,
      completedOrders30d: success30,
      completionRate30d: ended30 === 0 ? '0' : ratio(success30, ended30),
      avgReleaseSeconds: seconds.length === 0 ? null : Math.round(seconds.reduce((a, b) => a + b, 0) / seconds.length),
      rating: {
        average: count === 0 ? null : ratio(sum, count),
        count,
        positiveShare: count === 0 ? null : ratio(positive, count),
      },
      feedback: feedback
        .slice(0, 50)
        .map((row) => ({orderId: row.order_id, rating: row.rating, comment: row.comment, createdAt: row.created_at})),
    }
  }
}

/** a / b as a decimal string with up to 4 places, rounded half up, trailing zeros trimmed. */
function ratio(a: number, b: number): string {
  const scaled = (BigInt(a) * 20000n + BigInt(b)) / (2n * BigInt(b))
  const digits = scaled.toString().padStart(5, '0')
  const fraction = digits.slice(-4).replace(/0+$/, '')
  return `${digits.slice(0, -4)}${fraction ? `.${fraction}` : ''}`
}
