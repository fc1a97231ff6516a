/** How orders and trades are shown on every interface (contract §5). */
import type {OrderRow} from '../orders/orders.js'
import type {TickerSpec} from './spec.js'

export type OrderView = {
  id: string
  client_order_id: string
  seq: number
  ticker: string
  side: 'buy' | 'sell'
  type: 'limit' | 'market'
  time_in_force: string
  price: string
  qty: string
  filled_qty: string
  status: string
  created_at: string
  updated_at: string
}

export type PublicTradeView = {id: string; ticker: string; price: string; qty: string; side: 'buy' | 'sell'; executed_at: string}

export function toOrderView(row: OrderRow, spec: TickerSpec): OrderView {
  return {
    id: row.id,
    client_order_id: row.client_order_id ?? '',
    seq: row.seq,
    ticker: row.ticker,
    side: row.side,
    type: row.type,
    time_in_force: row.time_in_force,
    price: row.type === 'market' ? '0' : spec.formatPrice(row.price_ticks),
    qty: spec.formatQty(row.qty_lots),
    filled_qty: spec.formatQty(row.filled_lots),
    status: row.status,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}
