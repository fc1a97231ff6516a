/**
 * The events of the Binance form's user data stream (docs/binance-compat.md "User data"), rendered from the trading
 * module's committed events and the ledger's: `executionReport` (`e E s c S o f q p P x X i l z L n N
 * T t I m O Z Y Q`, with Binance's `g C r w M W V` too), `outboundAccountPosition` (`B[] {a f l}`) and
 * `balanceUpdate`. Integers where Binance has integers, decimal strings otherwise.
 *
 * One batch of an account becomes, per order change in commit order: NEW when the command placed the
 * order (and again when a stop order triggered), a TRADE per fill (its own last quantity and price, fee, trade id, and the order's
 * cumulative amounts right after it), then CANCELED, EXPIRED or (self-trade prevention) TRADE_PREVENTION
 * with status EXPIRED_IN_MATCH when the order ended unfilled. A
 * CANCELED report names the cancel in `c` and the cancelled order in `C` (cancel-ids.ts). A
 * LIMIT_MAKER that would have taken gets nothing at all — no report, and no account position for
 * it: the REST answer refused it, as Binance does.
 */
import type {CommittedEvents} from '../trading/trading.js'
import type {FillChange, Order} from '../trading/model.js'
import {cancelIdOf} from './cancel-ids.js'
import {clientOrderIdOf, statusOf, stpModeOf, typeOf, type BinanceStatus} from './order-views.js'

export type UserEvent = Record<string, unknown>

type ExecutionType = 'NEW' | 'TRADE' | 'CANCELED' | 'EXPIRED' | 'TRADE_PREVENTION'

/**
 * `I`, the execution id: one per report this process renders, increasing, starting at the start time
 * in microseconds (so above any of an earlier run, as the book's update ids; below 2^53).
 */
let executionIds = Date.now() * 1000

/** An execution report of `order` as of `time`: its state, with the amounts of the fill (or none) that made it. */
function executionReport(
  order: Order,
  symbol: string,
  x: ExecutionType,
  X: BinanceStatus,
  time: number,
  fill?: {change: FillChange; isMaker: boolean},
) {
  const trade = fill?.change.trade(fill.isMaker)
  const after = fill?.change.filledAfter(fill.isMaker)
  const created = Date.parse(order.createdAt)
  const cancel = x === 'CANCELED'
  return {
    e: 'executionReport',
    E: time,
    s: symbol,
    c: cancel ? cancelIdOf(order.id) : clientOrderIdOf(order),
    S: order.side === 'buy' ? 'BUY' : 'SELL',
    o: typeOf(order),
    f: order.type === 'market' ? 'GTC' : order.timeInForce,
    q: order.qty,
    p: order.price ?? '0',
    P: order.stopPrice ?? '0',
    F: '0',
    g: -1,
    C: cancel ? clientOrderIdOf(order) : '',
    x,
    X,
    r: 'NONE',
    i: order.seq,
    l: trade?.qty ?? '0',
    z: after?.filledQty ?? (x === 'NEW' ? '0' : order.filledQty),
    L: trade?.price ?? '0',
    n: trade?.fee ?? '0',
    N: trade?.feeAsset ?? null,
    T: trade ? Date.parse(trade.executedAt) : Date.parse(order.updatedAt),
    t: trade?.seq ?? -1,
    I: ++executionIds,
    w: X === 'NEW' || X === 'PARTIALLY_FILLED',
    m: fill?.isMaker ?? false,
    M: true,
    O: created,
    Z: after?.filledQuote ?? (x === 'NEW' ? '0' : order.filledQuote),
    Y: trade?.quoteQty ?? '0',
    Q: order.quoteQty ?? '0',
    // A stop still waiting is in no book: Binance's -1 until it triggers.
    W: order.workingAt === null ? -1 : Date.parse(order.workingAt),
    V: stpModeOf(order),
  }
}

/**
 * An account's execution reports of one committed batch, and the tickers its orders traded on (whose
 * assets its `outboundAccountPosition` names). `symbolOf` gives a ticker's pair name.
 */
export function executionReports(
  events: CommittedEvents,
  accountId: string,
  symbolOf: (ticker: string) => string,
  time: number,
): {reports: UserEvent[]; tickers: Set<string>} {
  const reports: UserEvent[] = []
  const tickers = new Set<string>()
  // The account's fills by its order's seq, in trade order.
  const fills = new Map<number, {change: FillChange; isMaker: boolean}[]>()
  for (const change of events.fills) {
    const isMaker = change.makerAccountId === accountId
    if (!isMaker && change.takerAccountId !== accountId) continue
    const seq = isMaker ? change.maker.seq : change.taker.seq
    const list = fills.get(seq) ?? []
    list.push({change, isMaker})
    fills.set(seq, list)
  }
  for (const {accountId: owner, order, created, triggered} of events.orders) {
    if (owner !== accountId) continue
    // Refused over REST: nothing of it is reported, not even the (unchanged) balances of its pair.
    if (order.endReason === 'post_only_would_cross') continue
    tickers.add(order.ticker)
    const symbol = symbolOf(order.ticker)
    // A stop is NEW when placed, and NEW again when it triggers and enters the book (its W from then on).
    if (created || triggered) reports.push(executionReport(order, symbol, 'NEW', 'NEW', time))
    const pending = fills.get(order.seq) ?? []
    // The fills of this command: those up to the one that left the order where this change shows it.
    const upTo = pending.findIndex((fill) => fill.change.filledAfter(fill.isMaker).filledQty === order.filledQty)
    for (const fill of pending.splice(0, upTo + 1)) {
      const filledQty = fill.change.filledAfter(fill.isMaker).filledQty
      reports.push(executionReport(order, symbol, 'TRADE', filledQty === order.qty ? 'FILLED' : 'PARTIALLY_FILLED', time, fill))
    }
    if (order.status === 'cancelled') {
      const status = statusOf(order)
      const execution = status === 'CANCELED' ? 'CANCELED' : status === 'EXPIRED_IN_MATCH' ? 'TRADE_PREVENTION' : 'EXPIRED'
      reports.push(executionReport(order, symbol, execution, status, time))
    }
  }
  return {reports, tickers}
}

/** The balances of some assets after a change (absolute, as Binance sends them). */
export function accountPosition(balances: {asset: string; free: string; locked: string}[], time: number): UserEvent {
  return {
    e: 'outboundAccountPosition',
    E: time,
    u: time,
    B: balances.map((balance) => ({a: balance.asset, f: balance.free, l: balance.locked})),
  }
}

/** A change of an asset's free balance not caused by an order (a transfer in or out): `d` the signed delta. */
export function balanceUpdate(asset: string, delta: string, at: number, time: number): UserEvent {
  return {e: 'balanceUpdate', E: time, a: asset, d: delta, T: at}
}
