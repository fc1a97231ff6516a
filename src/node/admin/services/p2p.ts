/**
 * P2PService (extension, issue 10): P2P orders and disputes for operators, the reference rates of
 * floating prices and the payment-method registry. A decision through this service is taken with
 * superadmin authority and journalled under the caller's operator name.
 */
import type {P2PServiceHandlers} from '../generated/exchange/admin/v1/P2PService.js'
import type {P2POrder} from '../generated/exchange/admin/v1/P2POrder.js'
import type {P2PChatMessage} from '../generated/exchange/admin/v1/P2PChatMessage.js'
import type {P2PDispute} from '../generated/exchange/admin/v1/P2PDispute.js'
import type {AdminContext} from '../context.js'
import {invalid} from '../../ground/errors.js'
import type {Message} from '../../p2p/chat.js'
import type {Dispute} from '../../p2p/disputes.js'
import type {Order} from '../../p2p/order-store.js'
import type {P2P} from '../../p2p/p2p.js'
import {requireUuid} from '../../ground/validate.js'
import {orderView, paymentMethodView, referenceRateView} from '../../views/p2p.js'

/** The v1 order view (as an operator sees it: no side, no payment details) in the proto's message, '' for null. */
const orderOf = (p2p: P2P, order: Order): P2POrder => {
  const view = orderView(p2p.orderDetails(order))
  return {
    id: view.id,
    advertisement_id: view.advertisement_id,
    asset: view.asset,
    fiat: view.fiat,
    price: view.price,
    amount: view.amount,
    fiat_amount: view.fiat_amount,
    fee: view.fee,
    buyer_id: view.buyer_id,
    seller_id: view.seller_id,
    maker_id: view.maker_id,
    taker_id: view.taker_id,
    payment_method: view.payment_method ?? '',
    status: view.status,
    expires_at: view.expires_at ?? '',
    created_at: view.created_at,
    updated_at: view.updated_at,
    history: view.history,
  }
}

const messageOf = (message: Message): P2PChatMessage => ({
  id: message.id,
  sender: message.sender,
  kind: message.kind,
  text: message.text ?? '',
  file_id: message.file?.id ?? '',
  file_name: message.file?.name ?? '',
  file_type: message.file?.type ?? '',
  file_size: String(message.file?.size ?? 0),
  created_at: message.createdAt,
})

const disputeOf = (dispute: Dispute): P2PDispute => ({
  id: dispute.id,
  order_id: dispute.orderId,
  initiator: dispute.initiator,
  reason: dispute.reason,
  arbitrator_id: dispute.arbitratorId ?? '',
  status: dispute.status,
  winner: dispute.winner ?? '',
  comment: dispute.comment ?? '',
  decided_by: dispute.decidedBy ?? '',
  created_at: dispute.createdAt,
  assigned_at: dispute.assignedAt ?? '',
  decided_at: dispute.decidedAt ?? '',
})

const DISPUTE_STATUSES = ['open', 'assigned', 'decided'] as const

export const p2pHandlers = (ctx: AdminContext): P2PServiceHandlers => {
  const {p2p, assets} = ctx.services
  return {
    ListP2POrders: ctx.unary('ListP2POrders', (req) => {
      const limit = req.limit === 0 ? 100 : req.limit
      if (limit < 1 || limit > 200) throw invalid(limit < 1 ? 'limit must be from 1 to 200' : 'limit must be at most 200')
      if (req.offset < 0) throw invalid('offset must not be negative')
      const partyId = req.account_id === '' ? undefined : requireUuid(req.account_id, 'account_id')
      const orders = p2p.store.list({partyId, status: p2p.requireStatusFilter(req.status), limit, offset: req.offset})
      return {orders: orders.map((order) => orderOf(p2p, order))}
    }),
    GetP2POrder: ctx.unary('GetP2POrder', (req) => {
      const order = p2p.store.require(requireUuid(req.order_id, 'order_id'))
      return {order: orderOf(p2p, order), messages: p2p.chat.list(order.id).map(messageOf)}
    }),
    ListDisputes: ctx.unary('ListDisputes', (req) => {
      const status = req.status === '' ? undefined : DISPUTE_STATUSES.find((value) => value === req.status)
      if (req.status !== '' && !status) throw invalid('status must be open, assigned or decided')
      return {disputes: p2p.disputes.list({status}).map(disputeOf)}
    }),
    GetDispute: ctx.unary('GetDispute', (req) => {
      const dispute = p2p.disputes.require(requireUuid(req.dispute_id, 'dispute_id'))
      const order = p2p.store.require(dispute.orderId)
      return {dispute: disputeOf(dispute), order: orderOf(p2p, order), messages: p2p.chat.list(order.id).map(messageOf)}
    }),
    DecideDispute: ctx.unary('DecideDispute', (req, call) => {
      const id = requireUuid(req.dispute_id, 'dispute_id')
      const decider = {id: `operator:${ctx.operatorOf(call.metadata)}`, superadmin: true}
      const order = p2p.orders.decide(id, decider, {winner: req.winner, comment: req.comment})
      return {dispute: disputeOf(p2p.disputes.require(id)), order: orderOf(p2p, order)}
    }),
    SetReferenceRate: ctx.unary('SetReferenceRate', (req) => {
      const rate = p2p.registry.setRate(assets.require(req.asset).code, req.fiat, req.rate)
      return {rate: referenceRateView(rate)}
    }),
    ListReferenceRates: ctx.unary('ListReferenceRates', () => ({rates: p2p.registry.rates().map(referenceRateView)})),
    AddPaymentMethod: ctx.unary('AddPaymentMethod', (req) => ({
      payment_method: paymentMethodView(p2p.registry.addMethod({id: req.id, name: req.name, kind: req.kind})),
    })),
    ListPaymentMethods: ctx.unary('ListPaymentMethods', () => ({payment_methods: p2p.registry.methods().map(paymentMethodView)})),
  }
}
