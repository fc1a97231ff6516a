/**
 * P2P orders: creation with the escrow hold, the actions of the parties, the timers and the
 * dispute decision. Every change is one SQLite transaction: the state change, its history entry,
 * its system chat message and its ledger transaction (hold, release or transfer) commit together
 * or not at all, and only the spec's transitions (states.ts) are ever written. Events for the
 * streams are published after the commit.
 */
import {randomUUID} from 'node:crypto'
import type {Account} from '../accounts/accounts.js'
import type {Accounts} from '../accounts/accounts.js'
import type {Alerts} from '../alerts/alerts.js'
import type {Assets} from '../assets/assets.js'
import type {Ledger} from '../ledger/ledger.js'
import type {Db} from '../store/database.js'
import {ExchangeError, absent, invalid} from '../ground/errors.js'
import {requireOneOf, requireString} from '../ground/validate.js'
import type {Advertisements} from './ads.js'
import type {Chat, Message} from './chat.js'
import type {Disputes} from './disputes.js'
import {Escrow} from './escrow.js'
import type {Order, OrderStore} from './order-store.js'
import {dealAmounts, takerFee} from './pricing.js'
import {CHAT_OPEN, canTransition, type P2PStatus} from './states.js'
import {refuseInactive} from './eligibility.js'

/**
 * What a taker sends to create an order: the advertisement and either the crypto `amount` or the
 * `fiatAmount` (decimal strings). Values are checked here, where the rules live.
 */
export type CreateP2POrderInput = {advertisementId: unknown; amount?: unknown; fiatAmount?: unknown}

/** An arbitrator's decision: `winner` buyer or seller, and an optional comment. */
export type DecisionInput = {winner: unknown; comment?: unknown}

export type P2PEvent = {kind: 'order'; order: Order; parties: string[]} | {kind: 'message'; message: Message; parties: string[]}

export type OrderDeps = {
  db: Db
  ledger: Ledger
  accounts: Accounts
  assets: Assets
  alerts: Alerts
  ads: Advertisements
  store: OrderStore
  chat: Chat
  disputes: Disputes
  now: () => number
  acceptanceMs: number
  confirmationMs: number
  /** Per asset, the taker fee rate as an exact decimal (see takerFeeRates). */
  takerFees: Record<string, {units: bigint; scale: number}>
  publish: (events: P2PEvent[]) => void
  /** Records a change's events inside its transaction (the cluster's event log); none in role all. */
  record?: (events: P2PEvent[]) => void
}

/** Who acts: an account (a party) or the node itself (timers, arbitration). */
export type Actor = {accountId: string} | {system: string}

const byOf = (actor: Actor): string => ('accountId' in actor ? actor.accountId : actor.system)

export class P2POrders {
  private pending: P2PEvent[] = []
  private readonly escrow: Escrow

  constructor(private readonly deps: OrderDeps) {
    this.escrow = new Escrow(deps.ledger, deps.accounts)
  }

  /** A taker's order on an advertisement, by crypto amount or by fiat amount; the seller's crypto is held at once. */
  create(taker: Account, input: CreateP2POrderInput): Order {
    const {ads, assets, accounts, store} = this.deps
    refuseInactive(taker)
    const adId = requireString(input.advertisementId, 'advertisement_id', 64)
    return this.commit(() => {
      const ad = ads.require(adId)
      if (ad.status !== 'active') throw new ExchangeError('invalid_state', 'the advertisement is paused')
      if (ad.makerId === taker.id) throw new ExchangeError('permission_denied', 'a user cannot take their own advertisement')
      const maker = accounts.byId(ad.makerId)
      if (!maker || maker.status !== 'active') throw new ExchangeError('invalid_state', 'the advertiser cannot trade now')
      const price = ads.priceOf(ad)
      const {amount, fiatAmount} = dealAmounts(input, assets.require(ad.asset).decimals, price, ad)
      const sellerId = ad.type === 'SELL' ? maker.id : taker.id
      const buyerId = ad.type === 'SELL' ? taker.id : maker.id
      const fee = takerFee(this.deps.takerFees[ad.asset], amount)
      // One clock reading for the order's time and its deadline: expires_at − created_at is exactly the window.
      const nowMs = this.deps.now()
      const at = new Date(nowMs).toISOString()
      const order: Order = {
        id: randomUUID(),
        seq: 0,
        advertisementId: ad.id,
        asset: ad.asset,
        fiat: ad.fiat,
        price,
        amount,
        fiatAmount,
        fee,
        buyerId,
        sellerId,
        makerId: maker.id,
        takerId: taker.id,
        paymentMethod: null,
        status: 'CREATED',
        deadlineMs: nowMs + this.deps.acceptanceMs,
        createdAt: at,
        updatedAt: at,
      }
      store.insert(order)
      ads.adjustRemaining(ad.id, -amount)
      this.escrow.hold(order)
      store.addHistory(order.id, {status: 'CREATED', at, by: taker.id})
      this.say(order, 'Order created; the crypto is held in escrow. Waiting for the advertiser to accept.', at)
      return this.publishOrder(order.id)
    })
  }

  accept(actor: Account, orderId: string): Order {
    return this.act(orderId, actor, 'maker', ['CREATED'], (order) => {
      const ad = this.deps.ads.get(order.advertisementId)
      const windowMs = (ad?.paymentWindowMinutes ?? 15) * 60_000
      this.move(order, 'ACCEPTED', {accountId: actor.id}, windowMs)
    })
  }

  reject(actor: Account, orderId: string): Order {
    return this.act(orderId, actor, 'maker', ['CREATED'], (order) =>
      this.endWithoutDeal(order, 'REJECTED', {accountId: actor.id}),
    )
  }

  cancel(actor: Account, orderId: string): Order {
    return this.act(orderId, actor, 'buyer', ['CREATED', 'ACCEPTED'], (order) =>
      this.endWithoutDeal(order, 'CANCELLED', {accountId: actor.id}),
    )
  }

  pay(actor: Account, orderId: string, method: unknown): Order {
    return this.act(orderId, actor, 'buyer', ['ACCEPTED'], (order) => {
      const ad = this.deps.ads.get(order.advertisementId)
      const chosen = requireString(method, 'payment_method', 64)
      if (!ad?.paymentMethods.includes(chosen))
        throw invalid(`payment_method must be one of the advertisement's: ${ad?.paymentMethods.join(', ')}`)
      this.move(order, 'PROCESSING', {accountId: actor.id}, null, chosen)
      this.move({...order, status: 'PROCESSING'}, 'PAYMENT_COMPLETED', {accountId: actor.id}, this.deps.confirmationMs)
    })
  }

  confirm(actor: Account, orderId: string): Order {
    return this.act(orderId, actor, 'seller', ['PAYMENT_COMPLETED'], (order) => {
      this.move(order, 'PAYMENT_CONFIRMED', {accountId: actor.id}, null)
      this.escrow.settle(order)
      this.move({...order, status: 'PAYMENT_CONFIRMED'}, 'SUCCESS', {accountId: actor.id}, null)
    })
  }

  dispute(actor: Account, orderId: string, reasonValue: unknown): Order {
    const reason = requireString(reasonValue, 'reason', 500)
    return this.act(orderId, actor, 'party', ['PAYMENT_COMPLETED'], (order) =>
      this.openDispute(order, {accountId: actor.id}, reason),
    )
  }

  /** Fires the timer of an order if its deadline has passed; returns whether it changed. */
  expire(orderId: string): boolean {
    return this.commit(() => {
      const order = this.deps.store.get(orderId)
      if (!order || order.deadlineMs === null || order.deadlineMs > this.deps.now()) return false
      const timer = {system: 'timer'}
      if (order.status === 'CREATED' || order.status === 'ACCEPTED') this.endWithoutDeal(order, 'CANCELLED', timer)
      else if (order.status === 'PAYMENT_COMPLETED') this.openDispute(order, timer, 'seller_timeout')
      else this.deps.store.setStatus(order.id, order.status, null, this.at())
      this.publishOrder(order.id)
      return true
    })
  }

  /** Gives waiting disputes an arbitrator when one is active (after a first dispute found none). */
  assignWaiting(): number {
    let assigned = 0
    for (const dispute of this.deps.disputes.unassigned()) {
      this.commit(() => {
        const order = this.deps.store.require(dispute.orderId)
        if (order.status === 'DISPUTE_START' && this.assign(order, dispute.id)) {
          assigned++
          this.publishOrder(order.id)
        }
      })
    }
    return assigned
  }

  /** The arbitrator's decision: DISPUTE_DECIDED then SUCCESS (buyer) or CANCELLED (seller), with the ledger effect. */
  decide(disputeId: string, decider: {id: string; superadmin: boolean}, input: DecisionInput): Order {
    const winner = requireOneOf(input.winner, ['buyer', 'seller'] as const, 'winner')
    const comment = typeof input.comment === 'string' ? input.comment.slice(0, 2000) : ''
    return this.commit(() => {
      const dispute = this.deps.disputes.require(disputeId)
      if (!decider.superadmin && dispute.arbitratorId !== decider.id) {
        throw new ExchangeError('permission_denied', 'only the assigned arbitrator or a superadmin decides this dispute')
      }
      const order = this.deps.store.require(dispute.orderId)
      if (order.status !== 'DISPUTE_DECISION_AWAITING') {
        throw new ExchangeError('invalid_state', `the order is ${order.status}; a decision needs DISPUTE_DECISION_AWAITING`)
      }
      const by = {system: `admin:${decider.id}`}
      const at = this.at()
      this.deps.disputes.decide(dispute.id, winner, comment, decider.id, at)
      this.move(order, 'DISPUTE_DECIDED', by, null)
      const decided = {...order, status: 'DISPUTE_DECIDED' as const}
      if (winner === 'buyer') {
        this.escrow.settle(order)
        this.move(decided, 'SUCCESS', by, null)
      } else {
        this.endWithoutDeal(decided, 'CANCELLED', by)
      }
      return this.publishOrder(order.id)
    })
  }

  /** A party's chat message (text or file), while the chat is open (states.ts CHAT_OPEN). */
  post(actor: Account, orderId: string, write: (at: string) => Message): Message {
    return this.commit(() => {
      const order = this.requireParty(orderId, actor.id)
      if (!CHAT_OPEN.has(order.status)) {
        throw new ExchangeError(
          'invalid_state',
          `the chat is open from ACCEPTED while the deal lasts; the order is ${order.status}`,
        )
      }
      const message = write(this.at())
      this.pending.push({kind: 'message', message, parties: [order.buyerId, order.sellerId]})
      return message
    })
  }

  /** The order if `accountId` is its buyer or seller; for anyone else as absent as an unknown id (docs/rest.md "Ids you may not reach"). */
  requireParty(orderId: string, accountId: string): Order {
    const order = this.deps.store.get(orderId)
    if (!order || (order.buyerId !== accountId && order.sellerId !== accountId)) throw absent('P2P order', orderId)
    return order
  }

  private act(
    orderId: string,
    actor: Account,
    role: 'maker' | 'buyer' | 'seller' | 'party',
    from: readonly P2PStatus[],
    change: (order: Order) => void,
  ): Order {
    return this.commit(() => {
      const order = this.requireParty(orderId, actor.id)
      const allowed =
        role === 'party' ||
        (role === 'maker' && order.makerId === actor.id) ||
        (role === 'buyer' && order.buyerId === actor.id) ||
        (role === 'seller' && order.sellerId === actor.id)
      if (!allowed) throw new ExchangeError('permission_denied', `only the ${role} of the order may do this`)
      if (!from.includes(order.status)) {
        throw new ExchangeError('invalid_state', `not allowed while the order is ${order.status} (allowed in ${from.join(', ')})`)
      }
      change(order)
      return this.publishOrder(order.id)
    })
  }

  private openDispute(order: Order, actor: Actor, reason: string): void {
    this.move(order, 'DISPUTE_START', actor, null)
    const dispute = this.deps.disputes.open(order.id, byOf(actor), reason, this.at())
    this.assign({...order, status: 'DISPUTE_START'}, dispute.id)
  }

  private assign(order: Order, disputeId: string): boolean {
    const arbitrator = this.deps.disputes.nextArbitrator()
    if (!arbitrator) return false
    this.deps.disputes.assign(disputeId, arbitrator, this.at())
    this.move(order, 'DISPUTE_DECISION_AWAITING', {system: 'p2p'}, null)
    this.deps.alerts.create(
      'p2p_dispute',
      'warning',
      JSON.stringify({order_id: order.id, dispute_id: disputeId, arbitrator_id: arbitrator}),
    )
    return true
  }

  /** REJECTED or CANCELLED: the escrow goes back to the seller and the amount back to the ad. */
  private endWithoutDeal(order: Order, to: 'REJECTED' | 'CANCELLED', actor: Actor): void {
    this.move(order, to, actor, null)
    this.escrow.release(order)
    this.deps.ads.adjustRemaining(order.advertisementId, order.amount)
  }

  /** Moves the order to `to`; a new deadline, if any, is `windowMs` after the same clock reading as the move's time. */
  private move(order: Order, to: P2PStatus, actor: Actor, windowMs: number | null, paymentMethod?: string): void {
    if (!canTransition(order.status, to)) {
      throw new ExchangeError('invalid_state', `the order cannot go from ${order.status} to ${to}`)
    }
    const nowMs = this.deps.now()
    const at = new Date(nowMs).toISOString()
    this.deps.store.setStatus(order.id, to, windowMs === null ? null : nowMs + windowMs, at, paymentMethod)
    this.deps.store.addHistory(order.id, {status: to, at, by: byOf(actor)})
    this.say(order, `Status: ${to} (by ${'accountId' in actor ? 'a party' : actor.system}).`, at)
  }

  private say(order: Order, text: string, at: string): void {
    const message = this.deps.chat.system(order.id, text, at)
    this.pending.push({kind: 'message', message, parties: [order.buyerId, order.sellerId]})
  }

  private publishOrder(orderId: string): Order {
    const order = this.deps.store.require(orderId)
    this.pending = this.pending.filter((event) => event.kind !== 'order' || event.order.id !== orderId)
    this.pending.push({kind: 'order', order, parties: [order.buyerId, order.sellerId]})
    return order
  }

  private at(): string {
    return new Date(this.deps.now()).toISOString()
  }

  /** Runs `fn` in one transaction (a savepoint when nested); events go out after the outermost commit. */
  private commit<T>(fn: () => T): T {
    const outermost = !this.deps.db.inTransaction
    try {
      const record = this.deps.record
      const result = this.deps.db.transaction(
        outermost && record
          ? () => {
              const value = fn()
              if (this.pending.length) record(this.pending)
              return value
            }
          : fn,
      )()
      if (outermost) {
        const events = this.pending
        this.pending = []
        this.deps.publish(events)
      }
      return result
    } catch (error) {
      if (outermost) this.pending = []
      throw error
    }
  }
}
