/** How orders and trades are shown on every interface (contract §5). */
import type {OrderRow, TradeRow} from '../orders/orders.js'
import type {TickerSpec} from './spec.js'

export type OrderView = {
  id: string
  client_order_id: string
  seq: number
  ticker: string
  side: 'buy' | 'sell'
  type: 'limit' | 'market'
  time_in_force: string
  /** A limit order's price; a market order's average fill price ("0" while it has no fill). */
  price: string
  qty: string
  filled_qty: string
  /** The average price of its fills so far, rounded down to the quote asset's decimals; null without fills. */
  avg_price: string | null
  status: string
  created_at: string
  updated_at: string
}

/** One fill of an order as its taker, in the place answer: `fee` is what the taker paid, in `fee_asset` (the asset it received). */
export type FillView = {trade_id: string; price: string; qty: string; fee: string; fee_asset: string}

/** A public trade as published after commit; `seq` is its int64 sequence, `taker_order_seq` its taker order's `seq`. */
export type PublicTradeView = {
  id: string
  seq: number
  ticker: string
  price: string
  qty: string
  side: 'buy' | 'sell'
  executed_at: string
  executed_ms: number
  taker_order_seq: number
}

/** A fill as one of its two accounts sees it (GET /trades/). */
export type UserTradeView = {
  id: string
  /** The caller's order that took part. */
  order_id: string
  ticker: string
  side: 'buy' | 'sell'
  price: string
  qty: string
  /** price x qty in the quote asset. */
  quote_qty: string
  fee: string
  fee_asset: string
  is_maker: boolean
  executed_at: string
}

export function toOrderView(row: OrderRow, spec: TickerSpec): OrderView {
  const avg = row.filled_lots > 0 ? spec.formatAveragePrice(BigInt(row.filled_notional), row.filled_lots) : null
  return {
    id: row.id,
    client_order_id: row.client_order_id ?? '',
    seq: row.seq,
    ticker: row.ticker,
    side: row.side,
    type: row.type,
    time_in_force: row.time_in_force,
    price: row.type === 'limit' ? spec.formatPrice(row.price_ticks) : (avg ?? '0'),
    qty: spec.formatQty(row.qty_lots),
    filled_qty: spec.formatQty(row.filled_lots),
    avg_price: avg,
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

/**
 * A changed order for the `committed` event: its state as of the change, formatted only when read
 * (most changes have no subscriber on the orders stream).
 */
export class OrderChange {
  private view: OrderView | undefined
  private readonly row: OrderRow

  constructor(
    readonly accountId: string,
    row: OrderRow,
    private readonly spec: TickerSpec,
  ) {
    this.row = {...row}
  }

  get order(): OrderView {
    return (this.view ??= toOrderView(this.row, this.spec))
  }
}

/**
 * One trade as its maker (`isMaker`) or its taker sees it: `side` is that account's side, `fee` what
 * it paid, in the asset it received (base for a buy, quote for a sell), exact to the asset's last unit.
 */
export function toUserTrade(row: TradeRow, spec: TickerSpec, isMaker: boolean, orderId: string): UserTradeView {
  const side = isMaker ? (row.taker_side === 'buy' ? 'sell' : 'buy') : row.taker_side
  const fee = BigInt(isMaker ? row.maker_fee : row.taker_fee)
  return {
    id: row.id,
    order_id: orderId,
    ticker: row.ticker,
    side,
    price: spec.formatPrice(row.price_ticks),
    qty: spec.formatQty(row.qty_lots),
    quote_qty: spec.formatQuote(BigInt(row.quote_amount)),
    fee: side === 'buy' ? spec.formatBase(fee) : spec.formatQuote(fee),
    fee_asset: side === 'buy' ? spec.base : spec.quote,
    is_maker: isMaker,
    executed_at: row.executed_at,
  }
}

/** A trade as its taker's fill (the place answer). */
export function toFill(row: TradeRow, spec: TickerSpec): FillView {
  const buy = row.taker_side === 'buy'
  const fee = BigInt(row.taker_fee)
  return {
    trade_id: row.id,
    price: spec.formatPrice(row.price_ticks),
    qty: spec.formatQty(row.qty_lots),
    fee: buy ? spec.formatBase(fee) : spec.formatQuote(fee),
    fee_asset: buy ? spec.base : spec.quote,
  }
}
