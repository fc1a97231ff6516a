/**
 * What the trading service gives out: orders and trades as domain objects (camelCase; prices and
 * quantities as exact decimal strings, formatted by the ticker's spec). Transports render them in
 * their own wire shapes (views/orders.ts for docs/trading.md "The order object").
 */
import type {DoneReason, SelfTradeMode} from '../engine/types.js'
import type {OrderRow, TradeRow} from '../orders/orders.js'
import type {TickerSpec} from './spec.js'

/**
 * Why an order ended unfilled (status `cancelled`): cancelled by its owner, or ended by the book — an
 * IOC or market remainder without liquidity (`expired`), self-trade prevention, a post-only order
 * that would have taken, a FOK order that could not fill whole.
 */
export type OrderEndReason = Exclude<DoneReason, 'filled'>

export type Order = {
  id: string
  /** The account's own id for the order, or null. */
  clientOrderId: string | null
  /** The monotonic int64 sequence of the order (docs/rest.md "Numbers, times and ids"). */
  seq: number
  ticker: string
  side: 'buy' | 'sell'
  type: 'limit' | 'market'
  timeInForce: string
  postOnly: boolean
  /** A limit order's price; null for a market order. */
  price: string | null
  qty: string
  filledQty: string
  /** The quote amount of its fills so far: Σ price × qty in quote minor units, rounded down once. */
  filledQuote: string
  /** The average price of its fills so far, rounded down to the quote asset's decimals; null without fills. */
  avgPrice: string | null
  status: string
  /** Why a `cancelled` order ended; null for any other status. */
  endReason: OrderEndReason | null
  createdAt: string
  updatedAt: string
  /** A stop order's stop price; null for any other order (docs/trading.md "Stop orders"). */
  stopPrice: string | null
  /** A stop order's direction: `rise` triggers when the last price is at or above the stop, `fall` at or below. */
  stopDirection: 'rise' | 'fall' | null
  /** Since when it has been in the book (its placement; a stop's trigger); null for a stop still waiting. */
  workingAt: string | null
  /** A market buy's quote budget, when it named one instead of a quantity; null otherwise. */
  quoteQty: string | null
  selfTrade: SelfTradeMode
}

/** One fill of an order as its taker: `fee` is what the taker paid, in `feeAsset` (the asset it received). */
export type Fill = {tradeId: string; tradeSeq: number; price: string; qty: string; fee: string; feeAsset: string}

/** A public trade, as the market sees it (the taker's side); `seq` is its int64 sequence, `takerOrderSeq` its taker order's. */
export type PublicTrade = {
  id: string
  seq: number
  ticker: string
  price: string
  qty: string
  side: 'buy' | 'sell'
  executedAt: string
  executedMs: number
  takerOrderSeq: number
}

/** A fill as one of its two accounts sees it. */
export type UserTrade = {
  id: string
  seq: number
  /** The account's order that took part. */
  orderId: string
  orderSeq: number
  ticker: string
  side: 'buy' | 'sell'
  price: string
  qty: string
  /** price x qty in the quote asset. */
  quoteQty: string
  fee: string
  feeAsset: string
  isMaker: boolean
  executedAt: string
}

/** An order's self-trade prevention mode: the row keeps it only when it is not the default. */
export const selfTradeOf = (row: Pick<OrderRow, 'self_trade'>): SelfTradeMode =>
  (row.self_trade as SelfTradeMode | null) ?? 'expire_taker'

export function toOrder(row: OrderRow, spec: TickerSpec): Order {
  return {
    id: row.id,
    clientOrderId: row.client_order_id,
    seq: row.seq,
    ticker: row.ticker,
    side: row.side,
    type: row.type,
    timeInForce: row.time_in_force,
    postOnly: row.post_only === 1,
    price: row.type === 'limit' ? spec.formatPrice(row.price_ticks) : null,
    qty: spec.formatQty(row.qty_lots),
    filledQty: spec.formatQty(row.filled_lots),
    filledQuote: spec.formatQuote(spec.quoteOfNotional(BigInt(row.filled_notional))),
    avgPrice: row.filled_lots > 0 ? spec.formatAveragePrice(BigInt(row.filled_notional), row.filled_lots) : null,
    status: row.status,
    endReason: row.status === 'cancelled' ? ((row.reason as OrderEndReason | null) ?? 'cancelled') : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    stopPrice: row.stop_ticks === null ? null : spec.formatPrice(row.stop_ticks),
    stopDirection: row.stop_trigger,
    workingAt: row.stop_ticks === null ? row.created_at : row.working_at,
    quoteQty: row.quote_budget === null ? null : spec.formatQuote(BigInt(row.quote_budget)),
    selfTrade: selfTradeOf(row),
  }
}

/**
 * A changed order for the `committed` event: its state as of the change, made into an `Order` only
 * when read (most changes have no subscriber on the orders stream).
 */
export class OrderChange {
  private made: Order | undefined
  private readonly row: OrderRow

  constructor(
    readonly accountId: string,
    row: OrderRow,
    private readonly spec: TickerSpec,
    /** Whether the change is the order's placement (its row is new). */
    readonly created = false,
    /** Whether the change is a stop order's trigger (it entered the book). */
    readonly triggered = false,
  ) {
    this.row = {...row}
  }

  get order(): Order {
    return (this.made ??= toOrder(this.row, this.spec))
  }
}

/** An order's fill state right after one trade: its seq, its id, and its filled lots and Σ ticks x lots so far. */
export type FillPoint = {seq: number; id: string; filledLots: number; filledNotional: string}

/**
 * A trade for the `committed` event, with the state each of its two orders reached by it (an order
 * filled by several trades in one batch shows each step): made into a UserTrade and the order's
 * filled amounts only when read (most trades have no subscriber on a user stream).
 */
export class FillChange {
  constructor(
    /** The trade's row (the cluster's event log carries it). */
    readonly row: TradeRow,
    private readonly spec: TickerSpec,
    readonly maker: FillPoint,
    readonly taker: FillPoint,
  ) {}

  get makerAccountId(): string {
    return this.row.maker_account_id
  }

  get takerAccountId(): string {
    return this.row.taker_account_id
  }

  /** The trade as one side sees it. */
  trade(isMaker: boolean): UserTrade {
    return toUserTrade(this.row, this.spec, isMaker, isMaker ? this.maker.id : this.taker.id)
  }

  /** One side's order right after this trade: its filled quantity and the quote amount of its fills so far. */
  filledAfter(isMaker: boolean): {filledQty: string; filledQuote: string} {
    const point = isMaker ? this.maker : this.taker
    return {
      filledQty: this.spec.formatQty(point.filledLots),
      filledQuote: this.spec.formatQuote(this.spec.quoteOfNotional(BigInt(point.filledNotional))),
    }
  }
}

/**
 * One trade as its maker (`isMaker`) or its taker sees it: `side` is that account's side, `fee` what
 * it paid, in the asset it received (base for a buy, quote for a sell), exact to the asset's last unit.
 */
export function toUserTrade(row: TradeRow, spec: TickerSpec, isMaker: boolean, orderId: string): UserTrade {
  const side = isMaker ? (row.taker_side === 'buy' ? 'sell' : 'buy') : row.taker_side
  const fee = BigInt(isMaker ? row.maker_fee : row.taker_fee)
  return {
    id: row.id,
    seq: row.seq,
    orderId,
    orderSeq: isMaker ? row.maker_order_seq : row.taker_order_seq,
    ticker: row.ticker,
    side,
    price: spec.formatPrice(row.price_ticks),
    qty: spec.formatQty(row.qty_lots),
    quoteQty: spec.formatQuote(BigInt(row.quote_amount)),
    fee: side === 'buy' ? spec.formatBase(fee) : spec.formatQuote(fee),
    feeAsset: side === 'buy' ? spec.base : spec.quote,
    isMaker,
    executedAt: row.executed_at,
  }
}

/** A trade as its taker's fill (the place answer). */
export function toFill(row: TradeRow, spec: TickerSpec): Fill {
  const buy = row.taker_side === 'buy'
  const fee = BigInt(row.taker_fee)
  return {
    tradeId: row.id,
    tradeSeq: row.seq,
    price: spec.formatPrice(row.price_ticks),
    qty: spec.formatQty(row.qty_lots),
    fee: buy ? spec.formatBase(fee) : spec.formatQuote(fee),
    feeAsset: buy ? spec.base : spec.quote,
  }
}
