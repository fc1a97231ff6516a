/**
 * The domain objects the P2P facade gives the transports (they render them with views/p2p.ts):
 * an ad as a taker sees it now, an order as one viewer sees it, a dispute with what an arbitrator
 * reads. Money stays in minor units; `decimals` is the asset's, for its crypto amounts.
 */
import {parseAmount} from '../ground/money.js'
import type {Ad, AdFilter} from './ads.js'
import type {Message} from './chat.js'
import type {Dispute} from './disputes.js'
import type {HistoryEntry, Order} from './order-store.js'
import type {PaymentDetails} from './registry.js'
import type {Profile} from './reputation.js'

/** The listing filter: the ads' own fields, and a fiat `amount` (decimal string) the ad must accept now. */
export type AdListFilter = AdFilter & {amount?: string}

export type AdListing = {
  ad: Ad
  /** The asset's decimals. */
  decimals: number
  /** The price now in fiat minor units; null for a floating ad while its reference rate is missing. */
  price: bigint | null
  /** What an order can take now: the remaining amount, for a SELL ad no more than the maker's available funding. */
  available: bigint
  maker: Profile
}

export type OrderDetails = {
  order: Order
  /** The asset's decimals. */
  decimals: number
  /** The viewer's side; null when the viewer is not a party (an operator, an arbitrator). */
  side: 'buy' | 'sell' | null
  history: HistoryEntry[]
  /** The seller's payment details, for the buyer once the order was ACCEPTED; otherwise undefined. */
  sellerPaymentDetails: PaymentDetails[] | undefined
}

/** A dispute with its order (no viewer's side) and the order's whole chat. */
export type DisputeDetails = {dispute: Dispute; order: OrderDetails; messages: Message[]}

/** The completion rate (a decimal string of up to 4 places) as an exact integer of ten-thousandths. */
const rateUnits = (rate: string): bigint => parseAmount(rate, 4, 'completion rate')

/** Best price for the taker first (lowest for SELL ads, highest for BUY ads), then the maker's higher 30-day completion rate. */
export function byBestPrice(a: AdListing & {price: bigint}, b: AdListing & {price: bigint}): number {
  if (a.price !== b.price) return (a.ad.type === 'SELL' ? a.price < b.price : a.price > b.price) ? -1 : 1
  const ra = rateUnits(a.maker.completionRate30d)
  const rb = rateUnits(b.maker.completionRate30d)
  return ra === rb ? 0 : rb > ra ? 1 : -1
}
