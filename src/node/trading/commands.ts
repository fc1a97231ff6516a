/**
 * The commands of a group commit, each run against the books and balances in memory: place (replay
 * check, reservation, match, settle), cancel, and cancel-all; their rows go to the batch's writes.
 * The group commit answers and publishes them once the batch is on disk.
 */
import type {OrderBook} from '../engine/book.js'
import {StopBook} from '../engine/stops.js'
import type {EngineEvent, PlaceCommand, SelfTradeMode} from '../engine/types.js'
import {ExchangeError, absent, notFound, precondition} from '../ground/errors.js'
import {timeOrderedId} from '../ground/ids.js'
import type {Orders, OrderRow, TradeRow} from '../orders/orders.js'
import type {BookUpdates, TouchedLevels} from './book-updates.js'
import type {LiveOrders} from './live-orders.js'
import type {Recovery} from './recovery.js'
import {refuseOrder} from './refusals.js'
import type {Settlement} from './settlement.js'
import type {TickerSpec} from './spec.js'
import type {BatchContext, BatchExecutor, Command, CommittedEvents, LiveOrder, Markets, PlaceResult, ValidPlace} from './types.js'
import {selfTradeOf, toFill, toOrder, type Order} from './model.js'

export class Commands implements BatchExecutor {
  private nextOrderSeq: number
  /**
   * Orders placed by batches not yet on disk, by `${accountId}|${clientOrderId}`, with their first
   * answer's fills: replays and cancels find them here.
   */
  private readonly unwritten = new Map<string, {row: OrderRow; fills: readonly TradeRow[]}>()

  constructor(
    private readonly orders: Orders,
    private readonly markets: Markets,
    private readonly live: LiveOrders,
    private readonly settlement: Settlement,
    private readonly recovery: Recovery,
    private readonly updates: BookUpdates,
  ) {
    this.nextOrderSeq = orders.maxOrderSeq() + 1
  }

  execute(command: Command, events: CommittedEvents, context: BatchContext): unknown {
    switch (command.kind) {
      case 'place':
        return this.place(command.accountId, command.order, events, context)
      case 'cancel':
        return this.cancel(command, events, context)
      case 'cancelAll':
        return this.cancelAll(command.accountId, command.ticker, events, context)
    }
  }

  seal(context: BatchContext, events: CommittedEvents): void {
    if (context.levels.size) events.depth = this.updates.seal(context.levels)
  }

  committed(context: BatchContext, events: CommittedEvents): void {
    for (const key of context.placed) this.unwritten.delete(key)
    this.live.written(context.ended)
    this.updates.publish(events.depth)
  }

  repair(levels: TouchedLevels): CommittedEvents | undefined {
    if (levels.size === 0) return undefined
    return {orders: [], trades: [], fills: [], books: new Set(levels.keys()), depth: this.updates.repair(levels)}
  }

  recover(touched: Set<string>): void {
    this.unwritten.clear()
    this.live.forgetEnded()
    for (const symbol of touched) this.recovery.rebuild(symbol)
    this.nextOrderSeq = this.orders.maxOrderSeq() + 1
    this.settlement.nextTradeSeq = this.orders.maxTradeSeq() + 1
  }

  private place(accountId: string, order: ValidPlace, events: CommittedEvents, context: BatchContext): PlaceResult {
    const {spec} = order
    if (order.clientOrderId) {
      const replay = this.replay(accountId, order.clientOrderId)
      if (replay) return replay
    }
    const tradingAccount = this.settlement.tradingAccountOf(accountId)
    if (!tradingAccount) throw notFound(`account ${accountId} not found`)
    const {num: accountNum, id: sharedAccountId} = this.live.account(accountId)
    const book = this.markets.book(spec.symbol)
    const seq = this.nextOrderSeq
    const now = context.now
    const heldAsset = order.side === 'buy' ? spec.quote : spec.base
    const {stop} = order
    if (stop && book.lastPrice > 0 && StopBook.due(stop.direction, stop.ticks, book.lastPrice)) {
      throw refuseOrder(
        'would_trigger',
        `the stop would trigger at once: the last price ${spec.formatPrice(book.lastPrice)} is already ` +
          `${stop.direction === 'rise' ? 'at or above' : 'at or below'} the stop price ${spec.formatPrice(stop.ticks)}`,
      )
    }
    // A waiting stop-market buy holds its whole budget; it is sized off the book when it triggers.
    const qtyLots =
      order.quoteBudget === undefined || stop
        ? order.qtyLots
        : lotsForBudget(book, spec, accountNum, order.quoteBudget, order.selfTrade)
    let held: bigint
    if (order.side === 'sell') {
      held = spec.baseUnits(qtyLots)
    } else if (order.type === 'limit') {
      held = spec.quoteUnits(order.priceTicks, qtyLots)
    } else if (stop) {
      held = order.quoteBudget!
    } else {
      // A market buy locks exactly what the book would take now.
      held = 0n
      for (const [price, lots] of book.simulate('buy', accountNum, qtyLots, Number.MAX_SAFE_INTEGER, order.selfTrade)) {
        held += spec.quoteUnits(price, lots)
      }
    }
    const row: OrderRow = {
      seq,
      id: timeOrderedId(),
      account_id: sharedAccountId,
      client_order_id: order.clientOrderId,
      ticker: spec.symbol,
      side: order.side,
      type: order.type,
      time_in_force: order.timeInForce,
      post_only: order.postOnly ? 1 : 0,
      price_ticks: order.priceTicks,
      qty_lots: qtyLots,
      filled_lots: 0,
      filled_notional: '0',
      held_asset: heldAsset,
      held: held.toString(),
      status: 'open',
      reason: null,
      created_at: now,
      updated_at: now,
      stop_ticks: stop ? stop.ticks : null,
      stop_trigger: stop ? stop.direction : null,
      working_at: null,
      quote_budget: order.quoteBudget === undefined ? null : order.quoteBudget.toString(),
      self_trade: order.selfTrade === 'expire_taker' ? null : order.selfTrade,
    }
    // The last check that can refuse the order: the reservation checks the funds before it changes them.
    if (held > 0n) {
      const available = context.ledger.available(tradingAccount, heldAsset)
      if (available < held) throw shortOnTrading(spec, heldAsset, available, held)
      context.ledger.reserve(tradingAccount, heldAsset, held)
    }
    context.committed = true
    this.nextOrderSeq++

    const taker: LiveOrder = {seq, ticker: spec.symbol, accountNum, held, row}
    touch(context, spec.symbol)
    const changes = events.orders.length
    let fills: readonly TradeRow[] = []
    if (stop) {
      // A stop waits out of the book, its funds held, until a trade's price reaches it.
      this.live.add(taker)
      book.stops.add(seq, accountNum, stop.direction, stop.ticks)
      this.settlement.apply(spec, [], taker, events, context)
    } else {
      const out: EngineEvent[] = []
      book.place(commandOf(row, accountNum), out)
      fills = this.settlement.apply(spec, out, taker, events, context)
      this.trigger(spec, book, events, context)
    }
    if (order.clientOrderId) {
      const key = `${accountId}|${order.clientOrderId}`
      this.unwritten.set(key, {row, fills})
      context.placed.push(key)
    }
    // The taker's change is the first `apply` adds, in the state the answer shows: one Order for both
    // (a sequencer makes every change's Order for its event stream).
    const placed = events.orders[changes]
    return {
      order: placed?.created ? placed.order : toOrder(taker.row, spec),
      exchangeTime: now,
      fills: fills.map((fill) => toFill(fill, spec)),
    }
  }

  /**
   * Runs the stops the last trade price has reached, one at a time, in the order the price met them
   * (engine/stops.ts): each enters the book as the order it carries, and its trades may move the
   * price on and trigger more, all within the command that traded first (docs/trading.md "Stop orders").
   */
  private trigger(spec: TickerSpec, book: OrderBook, events: CommittedEvents, context: BatchContext): void {
    for (let seq = book.stops.next(book.lastPrice); seq !== undefined; seq = book.stops.next(book.lastPrice)) {
      const stop = this.live.of(seq, spec.symbol)
      if (!stop) throw new ExchangeError('internal', `triggered stop ${seq} is not live`)
      const row = stop.row
      row.working_at = context.now
      const out: EngineEvent[] = []
      if (row.quote_budget !== null)
        row.qty_lots = budgetLots(book, spec, stop.accountNum, BigInt(row.quote_budget), selfTradeOf(row))
      if (row.qty_lots > 0) book.place(commandOf(row, stop.accountNum), out)
      // A market buy whose budget buys not one lot now ends as an IOC remainder would.
      else out.push({type: 'done', orderId: seq, reason: 'expired', remaining: 0})
      this.settlement.apply(spec, out, stop, events, context, true)
    }
  }

  /**
   * The answer to a client order id sent again (docs/trading.md "Client order ids"): the order as it is now, with the fills
   * it made when it was placed (the first answer's), and no second order.
   */
  private replay(accountId: string, clientOrderId: string): PlaceResult | undefined {
    const unwritten = this.unwritten.get(`${accountId}|${clientOrderId}`)
    const row = unwritten?.row ?? this.orders.byClientOrderId(accountId, clientOrderId)
    if (!row) return undefined
    const spec = this.markets.spec(row.ticker)
    const fills = unwritten?.fills ?? (row.filled_lots > 0 ? this.orders.takerFills(accountId, row.seq) : [])
    return {order: toOrder(row, spec), exchangeTime: row.created_at, fills: fills.map((fill) => toFill(fill, spec))}
  }

  private cancel(command: Extract<Command, {kind: 'cancel'}>, events: CommittedEvents, context: BatchContext): Order {
    const unwritten = command.clientOrderId ? this.unwritten.get(`${command.accountId}|${command.clientOrderId}`)?.row : undefined
    const seq =
      unwritten?.seq ??
      (command.orderId
        ? this.orders.seqById(command.orderId)
        : this.orders.seqByClientOrderId(command.accountId, command.clientOrderId!))
    // An order the service holds live (or has placed in a batch not yet on disk) needs no read of its row.
    const known = seq === undefined ? undefined : this.live.held(seq)
    const row = known?.row ?? unwritten ?? (seq === undefined ? undefined : (this.live.endedRow(seq) ?? this.orders.bySeq(seq)))
    if (!row || row.account_id !== command.accountId) throw absent('order', command.orderId ?? command.clientOrderId ?? '')
    const live = known ?? this.live.of(row.seq, row.ticker, row)
    if (!live) throw precondition(`order ${row.id} is already ${row.status}`)
    const spec = this.markets.spec(row.ticker)
    const out: EngineEvent[] = []
    touch(context, row.ticker)
    const book = this.markets.book(row.ticker)
    if (book.stops.remove(row.seq)) out.push({type: 'done', orderId: row.seq, reason: 'cancelled', remaining: row.qty_lots})
    else book.cancel(row.seq, out)
    this.settlement.apply(spec, out, undefined, events, context)
    return toOrder(live.row, spec)
  }

  /** Cancels every resting order of the account on a ticker: the orders as cancelled, oldest first. */
  private cancelAll(accountId: string, ticker: string, events: CommittedEvents, context: BatchContext): Order[] {
    const out: EngineEvent[] = []
    touch(context, ticker)
    const book = this.markets.book(ticker)
    const accountNum = this.live.accountNum(accountId)
    book.cancelAll(accountNum, out)
    for (const {orderId} of book.stops.ofAccount(accountNum)) {
      book.stops.remove(orderId)
      out.push({type: 'done', orderId, reason: 'cancelled', remaining: 0})
    }
    const before = events.orders.length
    this.settlement.apply(this.markets.spec(ticker), out, undefined, events, context)
    return events.orders
      .slice(before)
      .map((change) => change.order)
      .sort((a, b) => a.seq - b.seq)
  }
}

/**
 * 400 `insufficient_funds` that teaches: orders use the trading balance account, and deposits land on
 * funding, so the usual cause is funds not moved yet (docs/quickstart.md).
 */
function shortOnTrading(spec: TickerSpec, asset: string, available: bigint, needed: bigint): ExchangeError {
  const format = (units: bigint) => (asset === spec.base ? spec.formatBase(units) : spec.formatQuote(units))
  return new ExchangeError(
    'insufficient_funds',
    `insufficient funds: the trading balance has ${format(available)} ${asset} available and the order needs ${format(needed)}; ` +
      'orders use the trading balance account — move funds from funding with POST /api/v1/balances/transfer/ ' +
      '(balance account ids from GET /api/v1/balances/)',
  )
}

/**
 * The lots a market buy of `budget` quote minor units takes (PlaceInput.quoteQty): walking the makers
 * it would meet, whole ones while the budget lasts, then as many lots of the next as it still pays
 * for, each fill's quote rounded down as settlement rounds it. The engine then fills exactly these
 * makers, so the order costs at most the budget. Refused when not one lot is to be had.
 */
function lotsForBudget(book: OrderBook, spec: TickerSpec, accountNum: number, budget: bigint, selfTrade: SelfTradeMode): number {
  const lots = budgetLots(book, spec, accountNum, budget, selfTrade)
  if (lots === 0) {
    throw refuseOrder(
      'no_liquidity',
      `the book offers no ${spec.symbol} lot for ${spec.formatQuote(budget)} ${spec.quote}`,
      'failed_precondition',
    )
  }
  return lots
}

/** `lotsForBudget` without the refusal: 0 when the budget buys not one lot. */
function budgetLots(book: OrderBook, spec: TickerSpec, accountNum: number, budget: bigint, selfTrade: SelfTradeMode): number {
  let lots = 0
  let left = budget
  for (const [price, remaining] of book.makers('buy', accountNum, selfTrade)) {
    const affordable = spec.lotsWithin(price, left)
    const take = affordable < BigInt(remaining) ? Number(affordable) : remaining
    lots += take
    left -= spec.quoteUnits(price, take)
    if (take < remaining) break
  }
  return lots
}

/** The engine command of an order as its row stands (a new order, or a stop that has just triggered). */
function commandOf(row: OrderRow, accountNum: number): PlaceCommand {
  return {
    orderId: row.seq,
    accountId: accountNum,
    side: row.side,
    type: row.type,
    price: row.price_ticks,
    qty: row.qty_lots - row.filled_lots,
    timeInForce: row.time_in_force,
    postOnly: row.post_only === 1,
    selfTrade: selfTradeOf(row),
  }
}

/** From here the command has reached the engine: no refusal is possible, and its book is rebuilt if the batch fails. */
function touch(context: BatchContext, symbol: string): void {
  context.committed = true
  context.touched.add(symbol)
}
