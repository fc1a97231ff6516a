/**
 * The P2P module (docs/p2p.md "Decisions"): advertisements, orders with ledger escrow, chat, disputes,
 * feedback, timers. Transports call this facade with typed inputs and get domain objects back
 * (listings.ts); they render them in the wire shapes (views/p2p.ts).
 */
import {EventEmitter} from 'node:events'
import type {Account, Accounts} from '../accounts/accounts.js'
import type {Admin, Admins} from '../admins/admins.js'
import type {Alerts} from '../alerts/alerts.js'
import type {Assets} from '../assets/assets.js'
import type {P2PConfig} from '../ground/config.js'
import {ExchangeError, absent, invalid} from '../ground/errors.js'
import {P2P_STATUSES} from './states.js'
import {refuseInactive, takerFeeRates} from './eligibility.js'
import type {Ledger} from '../ledger/ledger.js'
import type {Logger} from '../ground/logger.js'
import type {Db} from '../store/database.js'
import {Advertisements, type Ad, type CreateAdInput} from './ads.js'
import {Chat, type Message} from './chat.js'
import {Disputes, type Dispute} from './disputes.js'
import {OrderStore, type Order} from './order-store.js'
import {P2POrders, type P2PEvent} from './orders.js'
import {fiatValue, parseFiat} from './pricing.js'
import {Registry} from './registry.js'
import {byBestPrice, type AdListFilter, type AdListing, type DisputeDetails, type OrderDetails} from './listings.js'
import {Reputation, type Feedback, type FeedbackInput} from './reputation.js'
import {Scheduler} from './scheduler.js'

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
  private journal: ((events: P2PEvent[]) => void) | undefined
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
      record: (events: P2PEvent[]) => this.journal?.(events),
    })
    this.scheduler = new Scheduler(this.store, this.orders, this.now, deps.logger)
  }

  /** Records every change's events inside its transaction (the cluster's event log): set by the sequencer only. */
  useJournal(journal: (events: P2PEvent[]) => void): void {
    this.journal = journal
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

  /** A maker's new advertisement; restricted and blocked accounts cannot advertise. */
  createAd(maker: Account, input: CreateAdInput): Ad {
    refuseInactive(maker)
    return this.ads.create(maker.id, input)
  }

  /** An ad as a taker sees it now: its current price, what an order can take, the maker's profile. */
  listing(ad: Ad): AdListing {
    let price: bigint | null = null
    try {
      price = this.ads.priceOf(ad)
    } catch {
      // a floating ad without a reference rate has no price until an operator sets one
    }
    const maker = this.reputation.profile(ad.makerId, this.now())
    return {ad, decimals: this.decimalsOf(ad.asset), price, available: this.availableOf(ad), maker}
  }

  /** What an order can take now: the remaining amount, for a SELL ad no more than the maker's available funding. */
  availableOf(ad: Ad): bigint {
    if (ad.type !== 'SELL') return ad.remainingAmount
    const funding = this.deps.ledger.balanceAccountOf(ad.makerId, 'funding')
    const balance = funding ? this.deps.ledger.balance(funding, ad.asset).available : 0n
    return balance < ad.remainingAmount ? balance : ad.remainingAmount
  }

  /**
   * Active ads with a price, best price first (lowest for SELL ads, highest for BUY ads), then the
   * maker's 30-day completion rate; with `amount` (fiat), only those that can take it now.
   */
  listAds(filter: AdListFilter): AdListing[] {
    const fiatAmount = filter.amount === undefined ? undefined : parseFiat(filter.amount, 'amount')
    const listings = this.ads
      .list(filter)
      .map((ad) => this.listing(ad))
      .filter((listing): listing is AdListing & {price: bigint} => listing.price !== null)
      .filter(({ad, decimals, price, available}) => {
        if (fiatAmount === undefined) return true
        return fiatAmount >= ad.minAmount && fiatAmount <= ad.maxAmount && fiatValue(available, decimals, price) >= fiatAmount
      })
    return listings.sort(byBestPrice)
  }

  /** The caller's own ads (active and paused, newest first) as a taker would see them now: GET /p2p/me/advertisements/. */
  myAds(makerId: string): AdListing[] {
    return this.ads.ofMaker(makerId).map((ad) => this.listing(ad))
  }

  /**
   * An order as `viewerId` sees it (undefined: an operator or arbitrator): its history, the viewer's
   * side, and for the buyer once the order was ACCEPTED the seller's payment details.
   */
  orderDetails(order: Order, viewerId?: string): OrderDetails {
    const history = this.store.history(order.id)
    const accepted = history.some((entry) => entry.status === 'ACCEPTED')
    const side = viewerId === undefined ? null : viewerId === order.buyerId ? 'buy' : 'sell'
    const details = accepted && viewerId === order.buyerId ? this.registry.details(order.sellerId) : undefined
    return {order, decimals: this.decimalsOf(order.asset), side, history, sellerPaymentDetails: details}
  }

  /** A dispute with its order (as an arbitrator sees it) and the order's whole chat. */
  disputeDetails(dispute: Dispute): DisputeDetails {
    const order = this.store.require(dispute.orderId)
    return {dispute, order: this.orderDetails(order), messages: this.chat.list(order.id)}
  }

  /** A party's text message, while the chat is open. */
  postText(actor: Account, orderId: string, text: unknown): Message {
    return this.orders.post(actor, orderId, (at) => this.chat.text(orderId, actor.id, text, at))
  }

  /** A party's file (checked by its content), while the chat is open. */
  postFile(actor: Account, orderId: string, file: {name: string; content: Buffer}): Message {
    return this.orders.post(actor, orderId, (at) => this.chat.file(orderId, actor.id, file.name, file.content, at))
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
  leaveFeedback(orderId: string, fromId: string, input: FeedbackInput): Feedback {
    return this.deps.db.transaction(() => {
      const order = this.orders.requireParty(orderId, fromId)
      return this.reputation.leave(order, fromId, input, new Date(this.now()).toISOString())
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
