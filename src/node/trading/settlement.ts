/**
 * Settlement: applies the engine's events of one command — each trade moves base and quote between
 * the two trading balance accounts and charges the fees in one ledger transaction, an ended order
 * gives back the unused part of its reservation — then writes each changed order once, and the
 * trades after (as the batch's row writes).
 */
import type {Accounts} from '../accounts/accounts.js'
import type {EngineEvent, TradeEvent} from '../engine/types.js'
import {ExchangeError} from '../ground/errors.js'
import {timeOrderedId} from '../ground/ids.js'
import type {Ledger} from '../ledger/ledger.js'
import {isWaitingStop, type Orders, type OrderStatus, type TradeRow} from '../orders/orders.js'
import type {Tiers} from '../tiers/tiers.js'
import {BookUpdates} from './book-updates.js'
import type {LiveOrders} from './live-orders.js'
import {feeOf, type TickerSpec} from './spec.js'
import type {BatchContext, CommittedEvents, LiveOrder} from './types.js'
import {FillChange, OrderChange, type FillPoint} from './model.js'

const NO_TRADES: readonly TradeRow[] = Object.freeze([])

export class Settlement {
  nextTradeSeq: number
  /** The fee system account (created once, never changed). */
  private feeAccount: string | undefined
  /** Account id → its trading balance account (created with the account, never changed). */
  private readonly tradingAccountIds = new Map<string, string>()

  constructor(
    private readonly orders: Orders,
    private readonly ledger: Ledger,
    private readonly accounts: Accounts,
    private readonly tiers: Tiers,
    private readonly live: LiveOrders,
  ) {
    this.nextTradeSeq = orders.maxTradeSeq() + 1
  }

  /**
   * Applies engine events: settles trades, ends orders (releasing unused holds), then writes each
   * changed order once — a new taker is inserted as matching left it — and the trades after them.
   * Returns the command's trades (for a place, the taker's fills); the same empty array when none.
   * `triggered`: the taker is a stop that has just triggered, whose row is stored already.
   */
  apply(
    spec: TickerSpec,
    out: EngineEvent[],
    taker: LiveOrder | undefined,
    events: CommittedEvents,
    context: BatchContext,
    triggered = false,
  ): readonly TradeRow[] {
    const now = context.now
    const changed = new Set<LiveOrder>()
    for (const event of out) {
      switch (event.type) {
        case 'trade': {
          const maker = this.live.of(event.makerOrderId, spec.symbol)
          if (!maker || !taker) throw new ExchangeError('internal', `trade without its orders (maker ${event.makerOrderId})`)
          BookUpdates.touch(context.levels, spec.symbol, maker.row.side, event.price)
          this.settle(spec, event, maker, taker, context, events)
          changed.add(maker)
          if (event.makerRemaining === 0) this.finish(maker, 'filled', null, context)
          break
        }
        case 'rested': {
          if (!taker || taker.row.seq !== event.orderId)
            throw new ExchangeError('internal', `unexpected rested order ${event.orderId}`)
          this.live.add(taker)
          BookUpdates.touch(context.levels, spec.symbol, taker.row.side, taker.row.price_ticks)
          break
        }
        case 'done': {
          const order = taker && taker.row.seq === event.orderId ? taker : this.live.of(event.orderId, spec.symbol)
          if (!order) throw new ExchangeError('internal', `done event for unknown order ${event.orderId}`)
          this.finish(
            order,
            event.reason === 'filled' ? 'filled' : 'cancelled',
            event.reason === 'filled' ? null : event.reason,
            context,
          )
          // A resting order left its level (a taker that never rested, or a stop that never triggered, changed no level).
          if (order !== taker) {
            changed.add(order)
            if (!isWaitingStop(order.row)) BookUpdates.touch(context.levels, spec.symbol, order.row.side, order.row.price_ticks)
          }
          break
        }
        case 'rejected':
          throw new ExchangeError('internal', `engine rejected order ${event.orderId}: ${event.reason}`)
      }
    }
    if (taker) {
      // A place's taker is new: one insert with the state matching left. A triggered stop's row is
      // stored: one write of its state and its working time.
      changed.delete(taker)
      settleStatus(taker, now)
      context.ops.push(triggered ? this.orders.triggerOp(taker.row) : this.orders.insertOp(taker.row))
      events.orders.push(new OrderChange(taker.row.account_id, taker.row, spec, !triggered, triggered))
    }
    for (const order of changed) {
      settleStatus(order, now)
      context.ops.push(this.orders.updateOp(order.row))
      events.orders.push(new OrderChange(order.row.account_id, order.row, spec))
    }
    if (out.length) events.books.add(spec.symbol)
    if (context.trades.length === 0) return NO_TRADES
    const trades = context.trades
    for (const trade of trades) context.ops.push(this.orders.tradeOp(trade))
    context.trades = []
    return trades
  }

  /** The account's trading balance account; undefined for an unknown account. */
  tradingAccountOf(accountId: string): string | undefined {
    let id = this.tradingAccountIds.get(accountId)
    if (id === undefined) {
      id = this.ledger.balanceAccountOf(accountId, 'trading')
      if (id !== undefined) this.tradingAccountIds.set(accountId, id)
    }
    return id
  }

  /** Moves base and quote between the two trading balance accounts and charges the fees, in one ledger transaction. */
  private settle(
    spec: TickerSpec,
    trade: TradeEvent,
    maker: LiveOrder,
    taker: LiveOrder,
    context: BatchContext,
    events: CommittedEvents,
  ): void {
    const [buyer, seller] = trade.takerSide === 'buy' ? [taker, maker] : [maker, taker]
    const base = spec.baseUnits(trade.qty)
    const quote = spec.quoteUnits(trade.price, trade.qty)
    const buyerFee = feeOf(base, this.feesOf(buyer.row.account_id, context)[buyer === maker ? 'maker' : 'taker'])
    const sellerFee = feeOf(quote, this.feesOf(seller.row.account_id, context)[seller === maker ? 'maker' : 'taker'])
    const buyerTrading = this.requireTradingAccount(buyer.row.account_id)
    const sellerTrading = this.requireTradingAccount(seller.row.account_id)
    const fee = (this.feeAccount ??= this.ledger.systemAccount('fee'))
    const postings = [
      {balanceAccountId: sellerTrading, asset: spec.base, bucket: 'locked' as const, amount: -base},
      {balanceAccountId: buyerTrading, asset: spec.base, bucket: 'available' as const, amount: base - buyerFee},
      {balanceAccountId: fee, asset: spec.base, bucket: 'available' as const, amount: buyerFee},
      {balanceAccountId: buyerTrading, asset: spec.quote, bucket: 'locked' as const, amount: -quote},
      {balanceAccountId: sellerTrading, asset: spec.quote, bucket: 'available' as const, amount: quote - sellerFee},
      {balanceAccountId: fee, asset: spec.quote, bucket: 'available' as const, amount: sellerFee},
    ].filter((posting) => posting.amount !== 0n)
    const id = timeOrderedId()
    context.ledger.post({type: 'trade', referenceId: id, postings})
    buyer.held -= quote
    seller.held -= base
    const notional = BigInt(trade.price) * BigInt(trade.qty)
    for (const order of [maker, taker]) {
      order.row.filled_lots += trade.qty
      order.row.filled_notional = (BigInt(order.row.filled_notional) + notional).toString()
      order.row.held = order.held.toString()
    }
    const now = context.now
    const seq = this.nextTradeSeq++
    const executedMs = Date.parse(now)
    const row: TradeRow = {
      seq,
      id,
      ticker: spec.symbol,
      price_ticks: trade.price,
      qty_lots: trade.qty,
      quote_amount: quote.toString(),
      taker_side: trade.takerSide,
      maker_order_seq: maker.row.seq,
      taker_order_seq: taker.row.seq,
      maker_account_id: maker.row.account_id,
      taker_account_id: taker.row.account_id,
      maker_fee: (maker === buyer ? buyerFee : sellerFee).toString(),
      taker_fee: (taker === buyer ? buyerFee : sellerFee).toString(),
      executed_at: now,
      executed_ms: executedMs,
    }
    context.trades.push(row)
    events.fills.push(new FillChange(row, spec, fillPoint(maker), fillPoint(taker)))
    events.trades.push({
      id,
      seq,
      ticker: spec.symbol,
      price: spec.formatPrice(trade.price),
      qty: spec.formatQty(trade.qty),
      side: trade.takerSide,
      executedAt: now,
      executedMs,
      takerOrderSeq: taker.row.seq,
    })
  }

  /** Ends an order: final status, and the unused part of its reservation goes back to available. */
  private finish(order: LiveOrder, status: OrderStatus, reason: string | null, context: BatchContext): void {
    if (order.held > 0n) {
      context.ledger.unreserve(this.requireTradingAccount(order.row.account_id), order.row.held_asset, order.held)
      order.held = 0n
    }
    order.row.held = '0'
    order.row.status = status
    order.row.reason = reason
    order.row.updated_at = context.now
    this.live.remove(order.row.seq)
    context.ended.push(order.row.seq)
  }

  private feesOf(accountId: string, context: BatchContext): {maker: string; taker: string} {
    let fees = context.fees.get(accountId)
    if (!fees) {
      const account = this.accounts.cachedById(accountId)
      if (!account) throw new ExchangeError('internal', `account ${accountId} vanished`)
      const limits = this.tiers.limitsOf(account.tierId)
      fees = {maker: limits.makerFee, taker: limits.takerFee}
      context.fees.set(accountId, fees)
    }
    return fees
  }

  private requireTradingAccount(accountId: string): string {
    const id = this.tradingAccountOf(accountId)
    if (!id) throw new ExchangeError('internal', `account ${accountId} has no trading balance account`)
    return id
  }
}

function settleStatus(order: LiveOrder, now: string): void {
  order.row.updated_at = now
  if (order.row.status === 'open' && order.row.filled_lots > 0) order.row.status = 'partial'
}

const fillPoint = (order: LiveOrder): FillPoint => ({
  seq: order.row.seq,
  id: order.row.id,
  filledLots: order.row.filled_lots,
  filledNotional: order.row.filled_notional,
})
