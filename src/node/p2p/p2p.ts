/**
 * The P2P module (contract §9): advertisements, orders with ledger escrow, chat, disputes,
 * feedback, timers. Transports call this facade; it renders the wire views they send.
 */
import {EventEmitter} from 'node:events'
import type {Accounts} from '../accounts/accounts.js'
import type {Admin, Admins} from '../admins/admins.js'
import type {Alerts} from '../alerts/alerts.js'
import type {Assets} from '../assets/assets.js'
import type {P2PConfig} from '../config.js'
import {ExchangeError, absent, invalid} from '../errors.js'
import {P2P_STATUSES} from './states.js'
import {takerFeeRates} from './eligibility.js'
import type {Ledger} from '../ledger/ledger.js'
import type {Logger} from '../logger.js'
import type {Db} from '../store/database.js'
import {Advertisements, type Ad, type AdType} from './ads.js'
import {Chat} from './chat.js'
import {Disputes, type Dispute} from './disputes.js'
import {OrderStore, type Order} from './order-store.js'
import {P2POrders, type P2PEvent} from './orders.js'
import {fiatValue, parseFiat} from './pricing.js'
import {Registry} from './registry.js'
import {Reputation, type Feedback} from './reputation.js'
import {Scheduler} from './scheduler.js'
import {adView, disputeView, messageView, orderView, type AdView} from './views.js'

export type P2PDeps = {
  db: Db
  ledger: Ledger
  accounts: Accounts
  assets: Assets
  alerts: Alerts
  admins: Admins
  logger: Logger
  dataDir: string
  config?: P2PConfig
}

export const P2P_DEFAULTS = {acceptanceMinutes: 15, confirmationMinutes: 30, timerTickMs: 1000}

export class P2P {
  readonly registry: Registry
  readonly ads: Advertisements
  readonly store: OrderStore
  readonly chat: Chat
  readonly disputes: Disputes
  readonly reputation: Reputation
  readonly orders: P2POrders
  readonly scheduler: Scheduler
  /** `event` (P2PEvent) after each commit. */
  readonly events = new EventEmitter()
  readonly now: () => number

  constructor(private readonly deps: P2PDeps) {
    const config = deps.config ?? {}
    this.now = config.clock ?? Date.now
    this.events.setMaxListeners(0)
    this.registry = new Registry(deps.db)
    this.ads = new Advertisements(deps.db, deps.assets, this.registry)
    this.store = new OrderStore(deps.db)
    this.chat = new Chat(deps.db, deps.dataDir)
    this.disputes = new Disputes(deps.db, deps.admins)
    this.reputation = new Reputation(deps.db)
    this.orders = new P2POrders({
      db: deps.db,
      ledger: deps.ledger,
      accounts: deps.accounts,
      assets: deps.assets,
      alerts: deps.alerts,
      ads: this.ads,
      store: this.store,
      chat: this.chat,
      disputes: this.disputes,
      now: this.now,
      acceptanceMs: (config.acceptanceMinutes ?? P2P_DEFAULTS.acceptanceMinutes) * 60_000,
      confirmationMs: (config.confirmationMinutes ?? P2P_DEFAULTS.confirmationMinutes) * 60_000,
      takerFees: takerFeeRates(config.takerFees ?? {}),
      publish: (events: P2PEvent[]) => {
        for (const event of events) this.events.emit('event', event)
      },
    })
    this.scheduler = new Scheduler(this.store, this.orders, this.now, deps.logger)
  }

  start(): void {
    this.scheduler.start(this.deps.config?.timerTickMs ?? P2P_DEFAULTS.timerTickMs)
  }

  stop(): void {
    this.scheduler.stop()
  }

  decimalsOf(asset: string): number {
    return this.deps.assets.get(asset)?.decimals ?? 0
  }

  /** The wire view of an ad, with its current price and what an order can take now. */
  adView(ad: Ad): AdView {
    const decimals = this.decimalsOf(ad.asset)
    let price: bigint | null = null
    try {
      price = this.ads.priceOf(ad)
    } catch {
      // a floating ad without a reference rate has no price until an operator sets one
    }
    return adView(ad, decimals, price, this.availableOf(ad), this.reputation.profile(ad.makerId, this.now()))
  }

  /** What an order can take now: the remaining amount, for a SELL ad no more than the maker's available funding. */
  availableOf(ad: Ad): bigint {
    if (ad.type !== 'SELL') return ad.remainingAmount
    const funding = this.deps.ledger.balanceAccountOf(ad.makerId, 'funding')
    const balance = funding ? this.deps.ledger.balance(funding, ad.asset).available : 0n
    return balance < ad.remainingAmount ? balance : ad.remainingAmount
  }

  /** Active ads, best price first (lowest for SELL ads, highest for BUY ads), then the maker's 30-day completion rate. */
  listAds(filter: {type?: AdType; asset?: string; fiat?: string; paymentMethod?: string; amount?: string}): AdView[] {
    const fiatAmount = filter.amount === undefined ? undefined : parseFiat(filter.amount, 'amount')
    const views = this.ads
      .list(filter)
      .map((ad) => ({ad, view: this.adView(ad)}))
      .filter(({view}) => view.price !== null)
      .filter(({ad, view}) => {
        if (fiatAmount === undefined) return true
        const left = fiatValue(this.availableOf(ad), this.decimalsOf(ad.asset), parseFiat(view.price, 'price'))
        return fiatAmount >= ad.minAmount && fiatAmount <= ad.maxAmount && left >= fiatAmount
      })
    views.sort((a, b) => {
      const pa = parseFiat(a.view.price, 'price')
      const pb = parseFiat(b.view.price, 'price')
      if (pa !== pb) return (a.ad.type === 'SELL' ? pa < pb : pa > pb) ? -1 : 1
      return Number(b.view.maker.completion_rate_30d) - Number(a.view.maker.completion_rate_30d)
    })
    return views.map(({view}) => view)
  }

  orderView(order: Order, viewerId: string | undefined) {
    const history = this.store.history(order.id)
    const accepted = history.some((entry) => entry.status === 'ACCEPTED')
    const details = accepted && viewerId === order.buyerId ? this.registry.details(order.sellerId) : undefined
    return orderView(order, this.decimalsOf(order.asset), history, viewerId, details)
  }

  /** A dispute with its order, parties, timeline and whole chat (for arbitrators). */
  disputeDetails(dispute: Dispute) {
    const order = this.store.require(dispute.orderId)
    return {
      ...disputeView(dispute),
      order: this.orderView(order, undefined),
      parties: {buyer_id: order.buyerId, seller_id: order.sellerId, maker_id: order.makerId},
      timeline: this.store.history(order.id),
      messages: this.chat.list(order.id).map((message) => messageView(message)),
    }
  }

  /**
   * May this admin read the order's chat and files: a superadmin always, an arbitrator when assigned
   * to the order's dispute (403 `permission_denied` otherwise); 404 when there is no such order.
   */
  requireArbitratorAccess(orderId: string, admin: Pick<Admin, 'id' | 'role'>): void {
    if (!this.store.get(orderId)) throw absent('P2P order', orderId)
    const dispute = this.disputes.ofOrder(orderId)
    if (admin.role !== 'superadmin' && (admin.role !== 'arbitrator' || dispute?.arbitratorId !== admin.id)) {
      throw new ExchangeError('permission_denied', 'only the arbitrator of the dispute or a superadmin reads these files')
    }
  }

  /** Feedback of a party on its SUCCESS order, once per party: the check and the insert in one transaction. */
  leaveFeedback(orderId: string, fromId: string, rating: unknown, comment: unknown): Feedback {
    return this.deps.db.transaction(() => {
      const order = this.orders.requireParty(orderId, fromId)
      return this.reputation.leave(order, fromId, rating, comment, new Date(this.now()).toISOString())
    })()
  }

  requireStatusFilter(value: string | undefined): Order['status'] | undefined {
    if (value === undefined || value === '') return undefined
    const upper = value.toUpperCase()
    const statuses: readonly string[] = P2P_STATUSES
    if (!statuses.includes(upper)) throw invalid(`status must be one of ${statuses.join(', ')}`)
    return upper as Order['status']
  }
}
