/**
 * Commands into and events out of the matching engine. Prices are integer ticks and quantities
 * integer lots (safe integers, validated at the edge); the engine never sees a decimal or a float
 * fraction. Ids are the node's monotonic order sequence numbers.
 */
export type Side = 'buy' | 'sell'
export type TimeInForce = 'GTC' | 'IOC' | 'FOK'

/**
 * What happens when an order would trade with a resting order of its own account: the incoming
 * order's remainder ends (`expire_taker`, the default), the resting one ends and matching goes on
 * (`expire_maker`), both end (`expire_both`), or they trade (`none`). Either way an order so ended is
 * done with reason `self_trade`.
 */
export type SelfTradeMode = 'expire_taker' | 'expire_maker' | 'expire_both' | 'none'

/** A new order. Market orders are IOC; their `price` is ignored. */
export type PlaceCommand = {
  orderId: number
  accountId: number
  side: Side
  type: 'limit' | 'market'
  /** Limit price in ticks (> 0) for limit orders. */
  price: number
  /** Quantity in lots (> 0). */
  qty: number
  timeInForce: TimeInForce
  postOnly: boolean
  /** Self-trade prevention; `expire_taker` when absent. */
  selfTrade?: SelfTradeMode
}

/** Why an order stopped before being fully filled, or why it was refused. */
export type DoneReason =
  | 'filled'
  | 'cancelled'
  /** IOC or market remainder that found no more liquidity. */
  | 'expired'
  /** Self-trade prevention ended it (the incoming order, or with `expire_maker`/`expire_both` a resting one). */
  | 'self_trade'
  /** A post-only order that would have crossed the book. */
  | 'post_only_would_cross'
  /** A FOK order whose whole quantity was not available. */
  | 'fok_not_fillable'

export type RejectReason = 'duplicate_order_id' | 'unknown_order' | 'invalid_order'

export type TradeEvent = {
  type: 'trade'
  makerOrderId: number
  makerAccountId: number
  takerOrderId: number
  takerAccountId: number
  /** The taker's side (the aggressor). */
  takerSide: Side
  /** Maker's price, in ticks. */
  price: number
  qty: number
  /** Maker's remaining quantity after this trade (0 = filled). */
  makerRemaining: number
}

/** The order now rests in the book with `remaining` lots. */
export type RestedEvent = {type: 'rested'; orderId: number; remaining: number}

/** The order left the book (or never entered it) for `reason`, with `remaining` lots unfilled. */
export type DoneEvent = {type: 'done'; orderId: number; reason: DoneReason; remaining: number}

export type RejectedEvent = {type: 'rejected'; orderId: number; reason: RejectReason}

export type EngineEvent = TradeEvent | RestedEvent | DoneEvent | RejectedEvent

/** An aggregated price level: [price ticks, total lots]. */
export type LevelView = [price: number, qty: number]

/** A resting order as the book holds it, for snapshots and rebuilds. */
export type RestingView = {orderId: number; accountId: number; side: Side; price: number; remaining: number}

/**
 * Receives engine events as calls instead of objects: a caller that does not keep the events (a
 * benchmark, a replay that only needs the final book) allocates nothing per command. The calls
 * come in the same order, with the same values, as the events appended to an array. A sink is
 * called in the middle of a command and must not call back into the book.
 */
export interface EventSink {
  trade(
    makerOrderId: number,
    makerAccountId: number,
    takerOrderId: number,
    takerAccountId: number,
    takerSide: Side,
    price: number,
    qty: number,
    makerRemaining: number,
  ): void
  rested(orderId: number, remaining: number): void
  done(orderId: number, reason: DoneReason, remaining: number): void
  rejected(orderId: number, reason: RejectReason): void
}
