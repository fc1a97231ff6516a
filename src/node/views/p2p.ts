/**
 * P2P objects in the v1 wire shape (docs/p2p.md "Endpoints"): snake_case, money as decimal strings, ISO times.
 * One place for every transport that shows them: REST /p2p/, the P2P WebSocket, the AdminGateway's
 * dispute routes and the admin gRPC P2PService (whose messages are built on these).
 */
import {formatAmount} from '../ground/money.js'
import type {Message} from '../p2p/chat.js'
import type {Dispute} from '../p2p/disputes.js'
import type {AdListing, DisputeDetails, OrderDetails} from '../p2p/listings.js'
import {formatFiat} from '../p2p/pricing.js'
import type {PaymentDetails, PaymentMethod, ReferenceRate} from '../p2p/registry.js'
import type {Feedback, Profile} from '../p2p/reputation.js'

export type AdView = ReturnType<typeof adView>
export type OrderView = ReturnType<typeof orderView>
export type MessageView = ReturnType<typeof messageView>

export const paymentMethodView = (method: PaymentMethod) => ({id: method.id, name: method.name, kind: method.kind})

export const paymentDetailsView = (entry: PaymentDetails) => ({payment_method: entry.paymentMethod, details: entry.details})

export const referenceRateView = (rate: ReferenceRate) => ({
  asset: rate.asset,
  fiat: rate.fiat,
  rate: rate.rate,
  updated_at: rate.updatedAt,
})

export function adView({ad, decimals, price, available, maker}: AdListing) {
  return {
    advertisement_id: ad.id,
    id: ad.id,
    maker_id: ad.makerId,
    type: ad.type,
    asset: ad.asset,
    fiat: ad.fiat,
    price_type: ad.priceType,
    price: price === null ? null : formatFiat(price),
    premium_pct: ad.premiumPct,
    min_amount: formatFiat(ad.minAmount),
    max_amount: formatFiat(ad.maxAmount),
    total_amount: formatAmount(ad.totalAmount, decimals),
    remaining_amount: formatAmount(ad.remainingAmount, decimals),
    /** What an order can take now: the remaining amount, and for a SELL ad no more than the maker's available funding balance. */
    available_amount: formatAmount(available, decimals),
    payment_methods: ad.paymentMethods,
    payment_window_minutes: ad.paymentWindowMinutes,
    terms: ad.terms,
    status: ad.status,
    maker: {
      id: ad.makerId,
      completed_orders_30d: maker.completedOrders30d,
      completion_rate_30d: maker.completionRate30d,
      rating: maker.rating.average,
      rating_count: maker.rating.count,
    },
    created_at: ad.createdAt,
    updated_at: ad.updatedAt,
  }
}

export function orderView({order, decimals, side, history, sellerPaymentDetails}: OrderDetails) {
  const view = {
    order_id: order.id,
    id: order.id,
    advertisement_id: order.advertisementId,
    side,
    asset: order.asset,
    fiat: order.fiat,
    price: formatFiat(order.price),
    amount: formatAmount(order.amount, decimals),
    fiat_amount: formatFiat(order.fiatAmount),
    fee: formatAmount(order.fee, decimals),
    buyer_id: order.buyerId,
    seller_id: order.sellerId,
    maker_id: order.makerId,
    taker_id: order.takerId,
    payment_method: order.paymentMethod,
    status: order.status,
    expires_at: order.deadlineMs === null ? null : new Date(order.deadlineMs).toISOString(),
    created_at: order.createdAt,
    updated_at: order.updatedAt,
    history: history.map((entry) => ({status: entry.status, at: entry.at, by: entry.by})),
  }
  return sellerPaymentDetails === undefined
    ? view
    : {...view, seller_payment_details: sellerPaymentDetails.map(paymentDetailsView)}
}

export function messageView(message: Message) {
  return {
    id: message.id,
    order_id: message.orderId,
    sender: message.sender,
    kind: message.kind,
    text: message.text,
    file:
      message.file === null
        ? null
        : {
            id: message.file.id,
            name: message.file.name,
            type: message.file.type,
            size: message.file.size,
            url: `/api/v1/p2p/orders/${message.orderId}/files/${message.file.id}/`,
          },
    created_at: message.createdAt,
  }
}

export function disputeView(dispute: Dispute) {
  return {
    id: dispute.id,
    dispute_id: dispute.id,
    order_id: dispute.orderId,
    initiator: dispute.initiator,
    reason: dispute.reason,
    arbitrator_id: dispute.arbitratorId,
    status: dispute.status,
    winner: dispute.winner,
    comment: dispute.comment,
    decided_by: dispute.decidedBy,
    created_at: dispute.createdAt,
    assigned_at: dispute.assignedAt,
    decided_at: dispute.decidedAt,
  }
}

/** A dispute as an arbitrator reads it: the record, the order, its parties, the timeline and the whole chat. */
export function disputeDetailsView({dispute, order, messages}: DisputeDetails) {
  const view = orderView(order)
  return {
    ...disputeView(dispute),
    order: view,
    parties: {buyer_id: order.order.buyerId, seller_id: order.order.sellerId, maker_id: order.order.makerId},
    timeline: view.history,
    messages: messages.map(messageView),
  }
}

export const feedbackView = (feedback: Feedback) => ({
  order_id: feedback.orderId,
  from_id: feedback.fromId,
  to_id: feedback.toId,
  rating: feedback.rating,
  comment: feedback.comment,
  created_at: feedback.createdAt,
})

/** GET /p2p/users/{id}/: the P2P profile and the latest feedback. */
export function profileView(profile: Profile) {
  return {
    user_id: profile.userId,
    completed_orders: profile.completedOrders,
    completed_orders_30d: profile.completedOrders30d,
    completion_rate_30d: profile.completionRate30d,
    avg_release_seconds: profile.avgReleaseSeconds,
    rating: {
      average: profile.rating.average,
      count: profile.rating.count,
      positive_share: profile.rating.positiveShare,
    },
    feedback: profile.feedback.map((entry) => ({
      order_id: entry.orderId,
      rating: entry.rating,
      comment: entry.comment,
      created_at: entry.createdAt,
    })),
  }
}
