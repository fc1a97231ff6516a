/** The wire shapes of P2P objects (contract §9): snake_case, money as decimal strings, ISO times. */
import {formatAmount} from '../money.js'
import type {Ad} from './ads.js'
import type {Message} from './chat.js'
import type {Dispute} from './disputes.js'
import type {HistoryEntry, Order} from './order-store.js'
import {formatFiat} from './pricing.js'
import type {Profile} from './reputation.js'

export type AdView = ReturnType<typeof adView>
export type OrderView = ReturnType<typeof orderView>

export function adView(ad: Ad, decimals: number, price: bigint | null, available: bigint, maker: Profile) {
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
      completed_orders_30d: maker.completed_orders_30d,
      completion_rate_30d: maker.completion_rate_30d,
      rating: maker.rating.average,
      rating_count: maker.rating.count,
    },
    created_at: ad.createdAt,
    updated_at: ad.updatedAt,
  }
}

export function orderView(
  order: Order,
  decimals: number,
  history: HistoryEntry[],
  viewerId: string | undefined,
  counterpartyDetails?: {payment_method: string; details: string}[],
) {
  const view = {
    order_id: order.id,
    id: order.id,
    advertisement_id: order.advertisementId,
    side: viewerId === undefined ? null : viewerId === order.buyerId ? 'buy' : 'sell',
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
    history,
  }
  return counterpartyDetails === undefined ? view : {...view, seller_payment_details: counterpartyDetails}
}

export function messageView(message: Message, orderId = message.orderId) {
  return {
    id: message.id,
    order_id: orderId,
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
            url: `/api/v1/p2p/orders/${orderId}/files/${message.file.id}/`,
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
