/**
 * The events of the stream (docs/cluster.md "Events"): what one committed change tells edges, on the subject of
 * the ticker (public: trades, book changes) or of the account (private: its orders, fills, balances,
 * P2P orders and messages). An edge rebuilds from them what its WebSocket servers consume
 * (edge/streams.ts): the `committed` events of trading, the books' levels with the sequencer's update
 * ids, the ledger's postings with the balances they left, the chains' balance pushes, P2P events.
 *
 * A trading batch is several events (one per order change, trade, fill and changed book), carried
 * as one message per subject (`batchMessages`: a row of the log holding the subject's events as a
 * JSON array, in the batch's order); each event carries its place in the batch (`at`) and the very
 * last one `end` with the balances the batch left, so an edge puts the batch back in its order and
 * hands the WS servers one `committed` per batch, as the single node does. A message of one event
 * (the other modules') is that event alone.
 *
 * On the stream (and in the log's rows) an `order` event carries its order as an array of the
 * order's fields (`ORDER_FIELDS`, `onTheWire`), not as an object: every change of every order is one,
 * and without the keys it is ~37% smaller and faster to write and read. An edge's feed turns it back
 * into the `Order` (`fromTheWire`), and also takes the object form an earlier sequencer wrote.
 */
import type {LevelView} from '../engine/types.js'
import type {BalanceRow, Posted} from '../ledger/types.js'
import type {TradeRow} from '../orders/orders.js'
import type {P2PEvent} from '../p2p/orders.js'
import type {OrderDetails} from '../p2p/listings.js'
import type {CommittedEvents} from '../trading/trading.js'
import type {FillPoint, Order, PublicTrade} from '../trading/model.js'
import {accountSubject, checkToken, tickerSubject} from './subjects.js'

/** The end of a trading batch: the balances it changed, as it left them. */
export type BatchEnd = {balances: BalanceRow[]}

/** Where a trading event stood in its batch (0, 1, …): the order an edge restores (`batchMessages`). */
type InBatch = {at?: number; end?: BatchEnd}

export type ClusterEvent =
  /** An order whose state changed, for its owner; `created` when the command placed it. */
  | ({type: 'order'; accountId: string; order: Order; created: boolean; triggered?: true} & InBatch)
  /** A public trade (the taker's side). */
  | ({type: 'trade'; trade: PublicTrade} & InBatch)
  /** A trade with the state its two orders reached by it (the user data streams' execution reports). */
  | ({type: 'fill'; row: TradeRow; maker: FillPoint; taker: FillPoint} & InBatch)
  /**
   * A book's level changes `[price ticks, lots]` (0 lots: the level is gone), as the book rests after
   * its update `updateId` (docs/binance-compat.md "Market streams": REST depth's `lastUpdateId` counter; the first id it covers is
   * one more than the previous book event's). `repair`: levels put right after failed batches.
   */
  | ({type: 'book'; ticker: string; updateId: number; bids: LevelView[]; asks: LevelView[]; repair?: true} & InBatch)
  /**
   * A ledger transaction `Ledger.post` committed, with the balances of its postings as it left them;
   * `standalone`: it committed on its own (the single node's `onPosted` tells only those).
   */
  | {type: 'posted'; posted: Posted; standalone: boolean; balances: BalanceRow[]}
  /** A chain changed an account's funding balance (a deposit, a withdrawal's hold, settlement, release). */
  | {type: 'balance'; accountId: string; asset: string; reason: string}
  /** A P2P order's change or chat message; an order's details as each party sees them. */
  | {type: 'p2p'; event: P2PEvent; details?: Record<string, OrderDetails>}

/** The fields of an `Order`, in the order an `order` event carries them on the stream. */
export const ORDER_FIELDS = [
  'id',
  'clientOrderId',
  'seq',
  'ticker',
  'side',
  'type',
  'timeInForce',
  'postOnly',
  'price',
  'qty',
  'filledQty',
  'filledQuote',
  'avgPrice',
  'status',
  'endReason',
  'createdAt',
  'updatedAt',
  'stopPrice',
  'stopDirection',
  'workingAt',
  'quoteQty',
  'selfTrade',
] as const satisfies readonly (keyof Order)[]

/** Every field of `Order` is in ORDER_FIELDS (a compile-time check: adding a field to Order fails here until it is listed). */
type Unlisted = Exclude<keyof Order, (typeof ORDER_FIELDS)[number]>
const everyField: [Unlisted] extends [never] ? true : Unlisted = true
void everyField

/** An order as an `order` event carries it on the stream: its fields in ORDER_FIELDS' order. */
export type OrderFields = FieldsOf<typeof ORDER_FIELDS>
type FieldsOf<T extends readonly (keyof Order)[]> = {-readonly [I in keyof T]: T[I] extends keyof Order ? Order[T[I]] : never}

export function orderFields(o: Order): OrderFields {
  return [
    o.id,
    o.clientOrderId,
    o.seq,
    o.ticker,
    o.side,
    o.type,
    o.timeInForce,
    o.postOnly,
    o.price,
    o.qty,
    o.filledQty,
    o.filledQuote,
    o.avgPrice,
    o.status,
    o.endReason,
    o.createdAt,
    o.updatedAt,
    o.stopPrice,
    o.stopDirection,
    o.workingAt,
    o.quoteQty,
    o.selfTrade,
  ]
}

export function orderOfFields(f: OrderFields): Order {
  return {
    id: f[0],
    clientOrderId: f[1],
    seq: f[2],
    ticker: f[3],
    side: f[4],
    type: f[5],
    timeInForce: f[6],
    postOnly: f[7],
    price: f[8],
    qty: f[9],
    filledQty: f[10],
    filledQuote: f[11],
    avgPrice: f[12],
    status: f[13],
    endReason: f[14],
    createdAt: f[15],
    updatedAt: f[16],
    // An earlier sequencer's events end at updatedAt: their orders were plain ones, working since placed.
    stopPrice: f[17] ?? null,
    stopDirection: f[18] ?? null,
    workingAt: f[19] === undefined ? f[15] : f[19],
    quoteQty: f[20] ?? null,
    selfTrade: f[21] ?? 'expire_taker',
  }
}

/** An `order` event as it crosses: its order as fields. */
type OrderOnTheWire = Omit<Extract<ClusterEvent, {type: 'order'}>, 'order'> & {order: OrderFields}

/** An event as the log stores it and the stream carries it: an `order` event with its order as fields. */
export function onTheWire(event: ClusterEvent): ClusterEvent | OrderOnTheWire {
  return event.type === 'order' ? {...event, order: orderFields(event.order)} : event
}

/** An event read from the stream, its order (if it carries one as fields) made an `Order` again, in place. */
export function fromTheWire(event: ClusterEvent): ClusterEvent {
  if (event.type === 'order' && Array.isArray(event.order)) event.order = orderOfFields(event.order as unknown as OrderFields)
  return event
}

/** The events of a trading batch (the others are the ledger's, the chains' and P2P's). */
export type TradingEvent = Extract<ClusterEvent, {type: 'order' | 'trade' | 'fill' | 'book'}>

export function isTradingEvent(event: ClusterEvent): event is TradingEvent {
  return event.type === 'order' || event.type === 'trade' || event.type === 'fill' || event.type === 'book'
}

/** An event with its subject, ready for the log. */
export type SubjectEvent = {subject: string; event: ClusterEvent}

/**
 * The events of one trading batch, in the order the single node hands them to its WebSocket servers
 * (orders, trades, fills, then books), the last one marked with the batch's end and balances.
 */
export function tradingEvents(events: CommittedEvents, balances: BalanceRow[] = []): SubjectEvent[] {
  const out: SubjectEvent[] = []
  for (const {accountId, order, created, triggered} of events.orders) {
    const event: ClusterEvent = {type: 'order', accountId, order, created}
    if (triggered) event.triggered = true
    out.push({subject: accountSubject(checkToken(accountId)), event})
  }
  for (const trade of events.trades) {
    out.push({subject: tickerSubject(checkToken(trade.ticker)), event: {type: 'trade', trade}})
  }
  for (const fill of events.fills) {
    out.push({
      subject: accountSubject(checkToken(fill.takerAccountId)),
      event: {type: 'fill', row: fill.row, maker: fill.maker, taker: fill.taker},
    })
  }
  for (const update of events.depth) {
    out.push({
      subject: tickerSubject(checkToken(update.symbol)),
      event: {type: 'book', ticker: update.symbol, updateId: update.lastUpdateId, bids: update.bids, asks: update.asks},
    })
  }
  const last = out.at(-1)?.event
  if (last && isTradingEvent(last)) last.end = {balances}
  return out
}

/** The events of one subject, as one message (one row of the log). */
export type SubjectMessage = {subject: string; events: ClusterEvent[]}

/**
 * A trading batch's events (`tradingEvents`) as one message per subject, the subjects in the order
 * they first appear: each event numbered with its place in the batch (`at`), the batch's `end` moved
 * to the last event of the last message — the one an edge receives last.
 */
export function batchMessages(events: SubjectEvent[]): SubjectMessage[] {
  const bySubject = new Map<string, ClusterEvent[]>()
  let end: BatchEnd | undefined
  events.forEach(({subject, event}, at) => {
    if (isTradingEvent(event)) {
      event.at = at
      end ??= event.end
      delete event.end
    }
    let list = bySubject.get(subject)
    if (!list) bySubject.set(subject, (list = []))
    list.push(event)
  })
  const messages = [...bySubject].map(([subject, list]) => ({subject, events: list}))
  const last = messages.at(-1)?.events.at(-1)
  if (end && last && isTradingEvent(last)) last.end = end
  return messages
}

/** The subject of a P2P event: its first party's. */
export function p2pSubject(event: P2PEvent): string {
  return accountSubject(checkToken(event.parties[0] ?? 'none'))
}
