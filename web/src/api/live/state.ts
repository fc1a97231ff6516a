/**
 * What the live hooks keep, as pure functions of their state and one message: which order-book
 * snapshot to show, how past trades from REST and live ones merge, how a trade moves the last candle,
 * how an order update moves an order between "open" and "history". No socket, no DOM and no Preact
 * here (only decimal.js), so that a unit test feeds them a message sequence
 * (test/web/live-state.test.ts) and the hooks only wire them to a `LiveSocket`.
 *
 * The shapes are the wire's (docs/websockets.md, docs/market-data.md, docs/trading.md "The order
 * object"); money stays a decimal string.
 */
import {Decimal} from 'decimal.js'

// ---- the order book ----

export type Level = [price: string, qty: string]
export type BookSnapshot = {ticker: string; bids: Level[]; asks: Level[]; timestamp: string; seq: number}

/** The book shown, and the `seq` of the last snapshot of the current connection (null: none yet). */
export type BookState = {book: BookSnapshot | null; seq: number | null}

export const EMPTY_BOOK: BookState = {book: null, seq: null}

/**
 * The socket is open again: the next snapshot is taken whatever its `seq` (a node keeps `seq` in
 * memory, so after a restart it starts again from 0). The book shown stays until that snapshot,
 * which the node sends at once on connect.
 */
export const bookReopened = (state: BookState): BookState => ({book: state.book, seq: null})

/**
 * One message of the orderbook stream. Each snapshot is the whole top of the book, so a gap in `seq`
 * only means that changes were coalesced (docs/websockets.md "Orderbook"): the newer snapshot is
 * complete and replaces the one shown. A snapshot not newer than the last one of this connection
 * (which the node does not send) or a message of another shape is ignored.
 */
export function bookMessage(state: BookState, message: unknown): BookState {
  if (!isSnapshot(message)) return state
  if (state.seq !== null && message.seq <= state.seq) return state
  return {book: message, seq: message.seq}
}

function isSnapshot(value: unknown): value is BookSnapshot {
  const m = value as Partial<BookSnapshot> | null
  return (
    typeof m === 'object' &&
    m !== null &&
    typeof m.ticker === 'string' &&
    typeof m.seq === 'number' &&
    Array.isArray(m.bids) &&
    Array.isArray(m.asks) &&
    [...m.bids, ...m.asks].every(isLevel)
  )
}

const isLevel = (level: unknown): boolean =>
  Array.isArray(level) && level.length === 2 && typeof level[0] === 'string' && typeof level[1] === 'string'

/** A row of the book as shown: the level, the quantity summed from the best price to it, its depth bar. */
export type BookRow = {price: string; qty: string; cumulative: string; depth: string}

/**
 * The rows of both sides, best first, each with its cumulative quantity and a depth bar as a CSS
 * percentage of the largest cumulative quantity shown on either side (so the two sides compare).
 */
export function bookRows(book: BookSnapshot, rows: number): {bids: BookRow[]; asks: BookRow[]} {
  const side = (levels: Level[]) => {
    let sum = new Decimal(0)
    return levels.slice(0, rows).map(([price, qty]) => {
      sum = sum.plus(qty)
      return {price, qty, sum}
    })
  }
  const bids = side(book.bids)
  const asks = side(book.asks)
  const largest = Decimal.max(0, bids.at(-1)?.sum ?? 0, asks.at(-1)?.sum ?? 0)
  const row = ({price, qty, sum}: {price: string; qty: string; sum: Decimal}): BookRow => ({
    price,
    qty,
    cumulative: sum.toFixed(),
    depth: largest.isZero() ? '0%' : `${sum.dividedBy(largest).times(100).toDecimalPlaces(1).toFixed()}%`,
  })
  return {bids: bids.map(row), asks: asks.map(row)}
}

// ---- public trades ----

export type PublicTrade = {id: string; price: string; qty: string; side: 'buy' | 'sell'; executed_at: string}

export function isPublicTrade(value: unknown): value is PublicTrade {
  const m = value as Partial<PublicTrade> | null
  return (
    typeof m === 'object' &&
    m !== null &&
    typeof m.id === 'string' &&
    typeof m.price === 'string' &&
    typeof m.qty === 'string' &&
    (m.side === 'buy' || m.side === 'sell') &&
    typeof m.executed_at === 'string'
  )
}

/**
 * The union of two lists of trades, each trade once (by id), newest first (by execution time, then
 * id: ids are time-ordered UUIDv7), at most `limit`. Merging the REST history fetched after a
 * (re)connect with trades the socket delivered meanwhile, in either order, gives the same list.
 */
export function mergeTrades(a: readonly PublicTrade[], b: readonly PublicTrade[], limit: number): PublicTrade[] {
  const byId = new Map<string, PublicTrade>()
  for (const trade of [...a, ...b]) byId.set(trade.id, trade)
  return [...byId.values()].sort(newestFirst).slice(0, limit)
}

const newestFirst = (x: {executed_at: string; id: string}, y: {executed_at: string; id: string}): number =>
  x.executed_at === y.executed_at ? (x.id < y.id ? 1 : x.id > y.id ? -1 : 0) : x.executed_at < y.executed_at ? 1 : -1

// ---- candles ----

export type Interval = '1m' | '5m' | '15m' | '1h' | '4h' | '1d'
export type Candle = {open_time: string; open: string; high: string; low: string; close: string; volume: string}

/** The intervals of GET /exchange/klines/ (docs/market-data.md "GET /exchange/klines/"), in ms. */
export const INTERVAL_MS: Record<Interval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
}

/** The most candles a chart keeps (the API answers at most 200 at a time). */
export const MAX_CANDLES = 500

/**
 * The candles after one live trade: it moves the candle of its interval (UTC-aligned, as the API's)
 * when that is the last one, or opens new candles up to its own, filling an interval without trades
 * with the previous close and volume "0" as the API does. A trade older than the last candle is in
 * the history the API gave and is left alone.
 */
export function candlesAfterTrade(
  candles: readonly Candle[],
  trade: Pick<PublicTrade, 'price' | 'qty' | 'executed_at'>,
  interval: Interval,
): Candle[] {
  const step = INTERVAL_MS[interval]
  const opens = Math.floor(Date.parse(trade.executed_at) / step) * step
  const last = candles.at(-1)
  if (!last) return [fresh(opens, trade)]
  const lastOpens = Date.parse(last.open_time)
  if (opens < lastOpens) return [...candles]
  if (opens === lastOpens) {
    return [
      ...candles.slice(0, -1),
      {
        ...last,
        high: Decimal.max(last.high, trade.price).toFixed(),
        low: Decimal.min(last.low, trade.price).toFixed(),
        close: trade.price,
        volume: new Decimal(last.volume).plus(trade.qty).toFixed(),
      },
    ]
  }
  const next = [...candles]
  // Empty intervals between: no more of them than the chart keeps.
  const firstGap = Math.max(lastOpens + step, opens - step * MAX_CANDLES)
  for (let at = firstGap; at < opens; at += step) {
    const close = last.close
    next.push({open_time: new Date(at).toISOString(), open: close, high: close, low: close, close, volume: '0'})
  }
  next.push(fresh(opens, trade))
  return next.slice(-MAX_CANDLES)
}

const fresh = (opens: number, trade: Pick<PublicTrade, 'price' | 'qty'>): Candle => ({
  open_time: new Date(opens).toISOString(),
  open: trade.price,
  high: trade.price,
  low: trade.price,
  close: trade.price,
  volume: trade.qty,
})

// ---- the account's orders ----

export type OrderStatus = 'open' | 'partial' | 'filled' | 'cancelled'
export type Order = {
  id: string
  client_order_id: string
  seq: number
  ticker: string
  side: 'buy' | 'sell'
  type: 'limit' | 'market' | 'stop_limit' | 'stop_market'
  time_in_force: string
  price: string
  qty: string
  filled_qty: string
  avg_price: string | null
  status: OrderStatus
  created_at: string
  updated_at: string
  /** A stop order's stop price (placed through the API: the app places none); null for other orders. */
  stop_price?: string | null
}

export const isResting = (order: Pick<Order, 'status'>): boolean => order.status === 'open' || order.status === 'partial'

/** The `order` of an `order_update` message of the orders stream, or undefined for any other message. */
export function orderOfMessage(message: unknown): Order | undefined {
  const m = message as {event?: unknown; order?: Partial<Order>} | null
  if (typeof m !== 'object' || m === null || m.event !== 'order_update') return undefined
  const order = m.order
  if (typeof order !== 'object' || order === null) return undefined
  if (typeof order.id !== 'string' || typeof order.ticker !== 'string' || typeof order.status !== 'string') return undefined
  if (typeof order.updated_at !== 'string' || typeof order.filled_qty !== 'string') return undefined
  return order as Order
}

const STAGE: Record<OrderStatus, number> = {open: 0, partial: 1, filled: 2, cancelled: 2}

/**
 * Whether `candidate` is a state of the order at least as late as `known`: a later `updated_at`, or
 * the same with a later status, or more filled. An order only moves forward (open → partial →
 * filled or cancelled), so an older copy (a REST answer read before an update the socket already
 * gave) never undoes a newer one.
 */
export function isLaterOrSame(candidate: Order, known: Order): boolean {
  if (candidate.updated_at !== known.updated_at) return candidate.updated_at > known.updated_at
  if (STAGE[candidate.status] !== STAGE[known.status]) return STAGE[candidate.status] > STAGE[known.status]
  return new Decimal(candidate.filled_qty).gte(known.filled_qty)
}

/** The account's orders of one pair as the trade screen shows them: resting ones, and the latest of all. */
export type MyOrders = {open: Order[]; history: Order[]}

export const NO_ORDERS: MyOrders = {open: [], history: []}

/** Newest first, as GET /orders/ lists them. */
const newestOrderFirst = (a: Order, b: Order): number =>
  a.created_at === b.created_at ? b.seq - a.seq : a.created_at < b.created_at ? 1 : -1

/**
 * The lists after one state of one order (an `order_update`, a place or cancel answer): it replaces
 * its older copy in the history (the latest `limit` orders) and is in `open` exactly while it rests.
 * A copy older than the one held changes nothing.
 */
export function ordersAfter(state: MyOrders, order: Order, limit: number): MyOrders {
  const known = state.history.find((o) => o.id === order.id) ?? state.open.find((o) => o.id === order.id)
  if (known && !isLaterOrSame(order, known)) return state
  const others = (list: Order[]) => list.filter((o) => o.id !== order.id)
  const open = isResting(order) ? [order, ...others(state.open)].sort(newestOrderFirst) : others(state.open)
  const history = [order, ...others(state.history)].sort(newestOrderFirst).slice(0, limit)
  return {open, history}
}

/**
 * The lists after a REST resynchronisation: what REST answered (the resting orders, the latest
 * orders) with, on top, the updates the socket delivered while the answer was on its way, each kept
 * only if later than REST's copy.
 */
export function ordersResynced(open: Order[], history: Order[], arrivedMeanwhile: Order[], limit: number): MyOrders {
  const base: MyOrders = {
    open: [...open].filter(isResting).sort(newestOrderFirst),
    history: [...history].sort(newestOrderFirst).slice(0, limit),
  }
  return arrivedMeanwhile.reduce((state, order) => ordersAfter(state, order, limit), base)
}
