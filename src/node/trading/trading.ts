/**
 * Spot trading: validates orders against their ticker, locks funds, runs the matching engine and
 * settles every trade through the ledger — all effects of a command (orders, trades, ledger
 * transactions) in one SQLite transaction, committed before the caller is answered.
 *
 * Group commit: commands arriving in one event-loop turn are queued and executed in one SQLite
 * transaction, committed with synchronous=FULL, then all are answered and their events published.
 * Every check that can refuse a command runs before the command writes anything or touches the
 * engine (the funds check of its hold included: LedgerBatch checks before writing), so a refused
 * command leaves nothing behind without a savepoint of its own. If a batch fails as a whole (a bug
 * or an I/O error), the books it touched are rebuilt from the store and its commands are retried one
 * by one, each in its own transaction.
 *
 * Balances are read once per batch and written once at its end (LedgerBatch); an order's row is
 * written once per command, after matching, with its trades after it.
 */
import {EventEmitter} from 'node:events'
import type {Accounts} from '../accounts/accounts.js'
import type {Assets} from '../assets/assets.js'
import {OrderBook} from '../engine/book.js'
import type {EngineEvent, PlaceCommand, TimeInForce, TradeEvent} from '../engine/types.js'
import {ExchangeError, invalid, notFound, precondition} from '../errors.js'
import type {Ledger, LedgerBatch} from '../ledger/ledger.js'
import {timeOrderedId} from '../ids.js'
import type {Logger} from '../logger.js'
import {Orders, type OrderRow, type OrderStatus, type TradeRow} from '../orders/orders.js'
import {readResting, readRestingInWorkers, restingSpan, type RestingChunk} from '../orders/resting.js'
import type {Db} from '../store/database.js'
import type {Tickers} from '../tickers/tickers.js'
import type {Tiers} from '../tiers/tiers.js'
import {nowIso} from '../time.js'
import {optionalOneOf, requireOneOf} from '../validate.js'
import {TickerSpec, feeOf} from './spec.js'
import {toOrderView, type OrderView, type PublicTradeView} from './views.js'

export type PlaceInput = {
  ticker: unknown
  side: unknown
  type: unknown
  price?: unknown
  qty: unknown
  clientOrderId?: unknown
  timeInForce?: unknown
  postOnly?: unknown
}

export type PlaceResult = {order: OrderView; exchangeTime: string}

/** What one committed batch changed, published after commit. */
export type CommittedEvents = {
  /** Orders whose state changed, with their owner. */
  orders: {accountId: string; order: OrderView}[]
  trades: PublicTradeView[]
  /** Tickers whose book changed. */
  books: Set<string>
}

/**
 * An order the service has touched since the start: what settlement needs, and its row as stored.
 * Orders restored into a book at start are not kept here (a million objects would make the restart
 * slow); the first time one is touched, its row is read and it joins the map (`liveOrder`).
 */
type LiveOrder = {seq: number; ticker: string; accountNum: number; held: bigint; row: OrderRow}

/** What one group commit shares: its ledger batch, its clock, and look-ups cached for its length. */
type BatchContext = {
  ledger: LedgerBatch
  now: string
  fees: Map<string, {maker: string; taker: string}>
  feeAccount: string | undefined
  /** Trades of the command being executed, written after its orders. */
  trades: TradeRow[]
}

type Outcome = {ok: true; value: unknown} | {ok: false; error: unknown}

type ValidPlace = {
  spec: TickerSpec
  side: 'buy' | 'sell'
  type: 'limit' | 'market'
  priceTicks: number
  qtyLots: number
  timeInForce: TimeInForce
  postOnly: boolean
  clientOrderId: string | null
}

type Command =
  | {kind: 'place'; accountId: string; order: ValidPlace}
  | {kind: 'cancel'; accountId: string; orderId?: string; clientOrderId?: string}
  | {kind: 'cancelAll'; accountId: string; ticker: string}

type Pending = {command: Command; resolve(value: unknown): void; reject(error: unknown): void}

const CLIENT_ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/

/** A ticker whose resting orders span at least this many seqs is read by worker threads at start. */
const PARALLEL_REBUILD_SPAN = 100_000

export class Trading {
  readonly events = new EventEmitter()
  private readonly orders: Orders
  private readonly books = new Map<string, OrderBook>()
  private readonly specs = new Map<string, TickerSpec>()
  private readonly live = new Map<number, LiveOrder>()
  private readonly accountNums = new Map<string, number>()
  private nextOrderSeq: number
  private nextTradeSeq: number
  private queue: Pending[] = []
  private scheduled = false
  /** Books changed in the current batch: if the batch fails as a whole they are rebuilt. */
  private touched = new Set<string>()
  /** Whether the command being executed has written or reached the engine (after that, no refusal is possible). */
  private committed = false
  private context: BatchContext | undefined
  /** Account id → its trading balance account (created with the account, never changed). */
  private readonly tradingAccountIds = new Map<string, string>()
  /** `db.transaction` wrapper, built once (building one per call was ~9% of a batch). */
  private readonly runInTransaction: (batch: Pending[], events: CommittedEvents, now: string) => Outcome[]

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly accounts: Accounts,
    private readonly assets: Assets,
    private readonly tickers: Tickers,
    private readonly tiers: Tiers,
    private readonly logger: Logger,
  ) {
    this.events.setMaxListeners(0)
    this.orders = new Orders(db)
    this.nextOrderSeq = this.orders.maxOrderSeq() + 1
    this.nextTradeSeq = this.orders.maxTradeSeq() + 1
    this.runInTransaction = db.transaction((batch: Pending[], events: CommittedEvents, now: string) => {
      const context: BatchContext = {
        ledger: ledger.batch(now),
        now,
        fees: new Map(),
        feeAccount: undefined,
        trades: [],
      }
      this.context = context
      try {
        const outcomes = batch.map((pending) => this.attempt(pending.command, events))
        context.ledger.close()
        return outcomes
      } finally {
        this.context = undefined
      }
    })
  }

  /** Rebuilds every book from the resting orders in the store, in time priority. Returns the count. */
  recover(): number {
    let count = 0
    for (const ticker of this.tickers.list(true)) count += this.rebuild(ticker.symbol)
    return count
  }

  /**
   * `recover` for a start: a ticker with many resting orders (a seq span of at least `minSpan`) is
   * read by worker threads, range by range, and restored in seq order as the ranges arrive; if a
   * reader fails, that book is rebuilt on this thread instead. Nothing else may use the service
   * until this resolves. Resolves to the count.
   */
  async recoverInParallel(options: {minSpan?: number; threads?: number} = {}): Promise<number> {
    const minSpan = options.minSpan ?? PARALLEL_REBUILD_SPAN
    let count = 0
    for (const {symbol} of this.tickers.list(true)) {
      const span = restingSpan(this.db, symbol)
      if (!span || span.last - span.first + 1 < minSpan) {
        count += this.rebuild(symbol, span)
        continue
      }
      const chunks = readRestingInWorkers(this.db.name, symbol, span, {threads: options.threads})
      for (const chunk of chunks) chunk.catch(() => undefined) // awaited below; only the first failure matters
      try {
        const book = this.resetBook(symbol)
        let restored = 0
        for (const pending of chunks) restored += this.restore(book, await pending)
        count += restored
      } catch (error) {
        this.logger.error({err: error, ticker: symbol}, 'parallel book rebuild failed; rebuilding on the main thread')
        count += this.rebuild(symbol)
      }
    }
    return count
  }

  /** The ticker's arithmetic, cached (tick and lot sizes never change). */
  spec(symbol: string): TickerSpec {
    let spec = this.specs.get(symbol)
    if (!spec) {
      const ticker = this.tickers.require(symbol)
      spec = new TickerSpec(ticker, this.assets.require(ticker.baseAsset), this.assets.require(ticker.quoteAsset))
      this.specs.set(ticker.symbol, spec)
    }
    return spec
  }

  book(symbol: string): OrderBook {
    let book = this.books.get(symbol)
    if (!book) {
      book = new OrderBook()
      this.books.set(symbol, book)
    }
    return book
  }

  /** Places an order for an account; resolves once it is committed. */
  place(accountId: string, input: PlaceInput): Promise<PlaceResult> {
    return this.submit({kind: 'place', accountId, order: this.validate(input)}) as Promise<PlaceResult>
  }

  /** Cancels one open order of the account, by id or client order id. */
  cancel(accountId: string, ref: {orderId?: string; clientOrderId?: string}): Promise<OrderView> {
    if (!ref.orderId && !ref.clientOrderId) throw invalid('order_id or client_order_id is required')
    return this.submit({kind: 'cancel', accountId, ...ref}) as Promise<OrderView>
  }

  /** Cancels every open order of the account on a ticker; resolves to how many. */
  cancelAll(accountId: string, ticker: unknown): Promise<number> {
    if (typeof ticker !== 'string' || ticker === '') throw invalid('ticker is required')
    const symbol = this.tickers.require(ticker).symbol
    return this.submit({kind: 'cancelAll', accountId, ticker: symbol}) as Promise<number>
  }

  /** The order repository, for readers (REST, admin). */
  get store(): Orders {
    return this.orders
  }

  private validate(input: PlaceInput): ValidPlace {
    if (typeof input.ticker !== 'string' || input.ticker === '') throw invalid('ticker is required')
    const ticker = this.tickers.get(input.ticker.toUpperCase())
    if (!ticker) throw notFound(`ticker ${input.ticker} not found`)
    if (!ticker.active) throw invalid(`ticker ${ticker.symbol} is not active`)
    const spec = this.spec(ticker.symbol)
    const side = requireOneOf(input.side, ['buy', 'sell'] as const, 'side')
    const type = requireOneOf(input.type, ['limit', 'market'] as const, 'type')
    const timeInForce = optionalOneOf(input.timeInForce, ['GTC', 'IOC', 'FOK'] as const, 'time_in_force') ?? 'GTC'
    if (input.postOnly !== undefined && typeof input.postOnly !== 'boolean') throw invalid('post_only must be a boolean')
    const postOnly = input.postOnly === true
    const qtyLots = spec.toLots(input.qty)
    let priceTicks = 0
    if (type === 'limit') {
      if (input.price === undefined || input.price === null || input.price === '')
        throw invalid('price is required for limit orders')
      priceTicks = spec.toTicks(input.price)
      if (spec.quoteUnits(priceTicks, qtyLots) < spec.minNotional) {
        throw invalid(`price x qty is below the minimum notional ${spec.formatQuote(spec.minNotional)}`)
      }
    } else {
      if (input.price !== undefined && input.price !== null && input.price !== '') throw invalid('a market order has no price')
      if (postOnly) throw invalid('a market order cannot be post-only')
    }
    let clientOrderId: string | null = null
    if (input.clientOrderId !== undefined && input.clientOrderId !== null && input.clientOrderId !== '') {
      if (typeof input.clientOrderId !== 'string' || !CLIENT_ORDER_ID.test(input.clientOrderId)) {
        throw invalid('client_order_id must be 1 to 64 of A-Z, a-z, 0-9, "_" and "-"')
      }
      clientOrderId = input.clientOrderId
    }
    return {
      spec,
      side,
      type,
      priceTicks,
      qtyLots,
      timeInForce: type === 'market' ? 'IOC' : timeInForce,
      postOnly,
      clientOrderId,
    }
  }

  private submit(command: Command): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.queue.push({command, resolve, reject})
      if (!this.scheduled) {
        this.scheduled = true
        setImmediate(() => this.flush())
      }
    })
  }

  /** Executes the queued commands in one SQLite transaction, then answers them and publishes. */
  private flush(): void {
    const batch = this.queue
    this.queue = []
    this.scheduled = false
    const events: CommittedEvents = {orders: [], trades: [], books: new Set()}
    const now = nowIso()
    let outcomes: Outcome[]
    this.touched = new Set()
    try {
      outcomes = this.runInTransaction(batch, events, now)
    } catch (error) {
      // The batch as a whole failed (a bug or an I/O error): nothing of it is on disk. Put the books
      // back as the store has them and run each command alone, so only the failing one fails.
      this.logger.error({err: error, commands: batch.length}, 'trading batch failed; retrying one by one')
      this.rebuildTouched()
      events.orders.length = 0
      events.trades.length = 0
      events.books.clear()
      outcomes = batch.map((pending) => {
        const mark = {orders: events.orders.length, trades: events.trades.length}
        this.touched = new Set()
        try {
          return this.runInTransaction([pending], events, now)[0]!
        } catch (single) {
          this.rebuildTouched()
          events.orders.length = mark.orders
          events.trades.length = mark.trades
          return {ok: false as const, error: single}
        }
      })
    }
    batch.forEach((pending, i) => {
      const outcome = outcomes[i]!
      if (outcome.ok) pending.resolve(outcome.value)
      else pending.reject(outcome.error)
    })
    if (events.orders.length || events.trades.length || events.books.size) this.events.emit('committed', events)
  }

  /**
   * One command of the batch. A refusal (an ExchangeError raised before the command wrote anything
   * or reached the engine) is its answer and leaves the batch going; anything else fails the batch.
   */
  private attempt(command: Command, events: CommittedEvents): Outcome {
    const mark = {orders: events.orders.length, trades: events.trades.length}
    this.committed = false
    try {
      return {ok: true, value: this.execute(command, events)}
    } catch (error) {
      if (error instanceof ExchangeError && error.code !== 'internal' && !this.committed) {
        events.orders.length = mark.orders
        events.trades.length = mark.trades
        return {ok: false, error}
      }
      throw error
    }
  }

  private execute(command: Command, events: CommittedEvents): unknown {
    switch (command.kind) {
      case 'place':
        return this.executePlace(command.accountId, command.order, events)
      case 'cancel':
        return this.executeCancel(command, events)
      case 'cancelAll':
        return this.executeCancelAll(command.accountId, command.ticker, events)
    }
  }

  private executePlace(accountId: string, order: ValidPlace, events: CommittedEvents): PlaceResult {
    const context = this.context!
    const {spec} = order
    if (order.clientOrderId) {
      const existing = this.orders.byClientOrderId(accountId, order.clientOrderId)
      if (existing) return {order: toOrderView(existing, this.spec(existing.ticker)), exchangeTime: existing.created_at}
    }
    const tradingAccount = this.tradingAccountOf(accountId)
    if (!tradingAccount) throw notFound(`account ${accountId} not found`)
    const accountNum = this.accountNum(accountId)
    const book = this.book(spec.symbol)
    const seq = this.nextOrderSeq
    const now = context.now
    const heldAsset = order.side === 'buy' ? spec.quote : spec.base
    let held: bigint
    if (order.side === 'sell') {
      held = spec.baseUnits(order.qtyLots)
    } else if (order.type === 'limit') {
      held = spec.quoteUnits(order.priceTicks, order.qtyLots)
    } else {
      // A market buy locks exactly what the book would take now.
      held = 0n
      for (const [price, lots] of book.simulate('buy', accountNum, order.qtyLots, Number.MAX_SAFE_INTEGER)) {
        held += spec.quoteUnits(price, lots)
      }
    }
    const row: OrderRow = {
      seq,
      id: timeOrderedId(),
      account_id: accountId,
      client_order_id: order.clientOrderId,
      ticker: spec.symbol,
      side: order.side,
      type: order.type,
      time_in_force: order.timeInForce,
      post_only: order.postOnly ? 1 : 0,
      price_ticks: order.priceTicks,
      qty_lots: order.qtyLots,
      filled_lots: 0,
      held_asset: heldAsset,
      held: held.toString(),
      status: 'open',
      reason: null,
      created_at: now,
      updated_at: now,
    }
    // The last check that can refuse the order: the hold checks the funds before it writes.
    if (held > 0n) context.ledger.hold(tradingAccount, heldAsset, held, {type: 'order_hold', referenceId: row.id})
    this.committed = true
    this.nextOrderSeq++

    const taker: LiveOrder = {seq, ticker: spec.symbol, accountNum, held, row}
    const out: EngineEvent[] = []
    const cmd: PlaceCommand = {
      orderId: seq,
      accountId: accountNum,
      side: order.side,
      type: order.type,
      price: order.priceTicks,
      qty: order.qtyLots,
      timeInForce: order.timeInForce,
      postOnly: order.postOnly,
    }
    this.touch(spec.symbol)
    book.place(cmd, out)
    this.apply(spec, out, taker, events)
    return {order: toOrderView(taker.row, spec), exchangeTime: now}
  }

  private executeCancel(command: Extract<Command, {kind: 'cancel'}>, events: CommittedEvents): OrderView {
    const seq = command.orderId
      ? this.orders.seqById(command.orderId)
      : this.orders.seqByClientOrderId(command.accountId, command.clientOrderId!)
    // An order the service holds live needs no read of its row.
    const known = seq === undefined ? undefined : this.live.get(seq)
    const row = known?.row ?? (seq === undefined ? undefined : this.orders.bySeq(seq))
    if (!row || row.account_id !== command.accountId) throw notFound('order not found')
    const live = known ?? this.liveOrder(row.seq, row.ticker, row)
    if (!live) throw precondition(`order ${row.id} is already ${row.status}`)
    const spec = this.spec(row.ticker)
    const out: EngineEvent[] = []
    this.touch(row.ticker)
    this.book(row.ticker).cancel(row.seq, out)
    this.apply(spec, out, undefined, events)
    return toOrderView(live.row, spec)
  }

  private executeCancelAll(accountId: string, ticker: string, events: CommittedEvents): number {
    const out: EngineEvent[] = []
    this.touch(ticker)
    const count = this.book(ticker).cancelAll(this.accountNum(accountId), out)
    this.apply(this.spec(ticker), out, undefined, events)
    return count
  }

  /**
   * Applies engine events: settles trades, ends orders (releasing unused holds), then writes each
   * changed order once — a new taker is inserted as matching left it — and the trades after them.
   */
  private apply(spec: TickerSpec, out: EngineEvent[], taker: LiveOrder | undefined, events: CommittedEvents): void {
    const context = this.context!
    const now = context.now
    const changed = new Set<LiveOrder>()
    for (const event of out) {
      switch (event.type) {
        case 'trade': {
          const maker = this.liveOrder(event.makerOrderId, spec.symbol)
          if (!maker || !taker) throw new ExchangeError('internal', `trade without its orders (maker ${event.makerOrderId})`)
          this.settle(spec, event, maker, taker, context, events)
          changed.add(maker)
          if (event.makerRemaining === 0) this.finish(maker, 'filled', null, context)
          break
        }
        case 'rested': {
          if (!taker || taker.row.seq !== event.orderId)
            throw new ExchangeError('internal', `unexpected rested order ${event.orderId}`)
          this.live.set(taker.row.seq, taker)
          break
        }
        case 'done': {
          const order = taker && taker.row.seq === event.orderId ? taker : this.liveOrder(event.orderId, spec.symbol)
          if (!order) throw new ExchangeError('internal', `done event for unknown order ${event.orderId}`)
          this.finish(
            order,
            event.reason === 'filled' ? 'filled' : 'cancelled',
            event.reason === 'filled' ? null : event.reason,
            context,
          )
          if (order !== taker) changed.add(order)
          break
        }
        case 'rejected':
          throw new ExchangeError('internal', `engine rejected order ${event.orderId}: ${event.reason}`)
      }
    }
    if (taker) {
      // Only a place has a taker, and its row is new: one insert with the state matching left.
      changed.delete(taker)
      this.settleStatus(taker, now)
      this.orders.insert(taker.row)
      events.orders.push({accountId: taker.row.account_id, order: toOrderView(taker.row, spec)})
    }
    for (const order of changed) {
      this.settleStatus(order, now)
      this.orders.update(order.row)
      events.orders.push({accountId: order.row.account_id, order: toOrderView(order.row, spec)})
    }
    for (const trade of context.trades) this.orders.insertTrade(trade)
    context.trades.length = 0
    if (out.length) events.books.add(spec.symbol)
  }

  private settleStatus(order: LiveOrder, now: string): void {
    order.row.updated_at = now
    if (order.row.status === 'open' && order.row.filled_lots > 0) order.row.status = 'partial'
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
    const fee = (context.feeAccount ??= this.ledger.systemAccount('fee'))
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
    for (const order of [maker, taker]) {
      order.row.filled_lots += trade.qty
      order.row.held = order.held.toString()
    }
    const now = context.now
    context.trades.push({
      seq: this.nextTradeSeq++,
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
      executed_ms: Date.parse(now),
    })
    events.trades.push({
      id,
      ticker: spec.symbol,
      price: spec.formatPrice(trade.price),
      qty: spec.formatQty(trade.qty),
      side: trade.takerSide,
      executed_at: now,
    })
  }

  /** Ends an order: final status, and the unused part of its hold goes back to available. */
  private finish(order: LiveOrder, status: OrderStatus, reason: string | null, context: BatchContext): void {
    if (order.held > 0n) {
      context.ledger.release(this.requireTradingAccount(order.row.account_id), order.row.held_asset, order.held, {
        type: 'order_release',
        referenceId: order.row.id,
      })
      order.held = 0n
    }
    order.row.held = '0'
    order.row.status = status
    order.row.reason = reason
    order.row.updated_at = context.now
    this.live.delete(order.row.seq)
  }

  /**
   * The live state of a resting order (or one that matching has just taken off its book), or
   * undefined when it has ended. An order restored at start is read from the store the first time it
   * is touched (`row` when the caller has just read it): its stored row is still open or partial,
   * since every change of a live order is written before its command ends.
   */
  private liveOrder(seq: number, ticker: string, row?: OrderRow): LiveOrder | undefined {
    const live = this.live.get(seq)
    if (live) return live
    const stored = row ?? this.orders.bySeq(seq)
    if (!stored || (stored.status !== 'open' && stored.status !== 'partial')) return undefined
    const order: LiveOrder = {seq, ticker, accountNum: this.accountNum(stored.account_id), held: BigInt(stored.held), row: stored}
    this.live.set(seq, order)
    return order
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

  /** The account's trading balance account; undefined for an unknown account. */
  private tradingAccountOf(accountId: string): string | undefined {
    let id = this.tradingAccountIds.get(accountId)
    if (id === undefined) {
      id = this.ledger.balanceAccountOf(accountId, 'trading')
      if (id !== undefined) this.tradingAccountIds.set(accountId, id)
    }
    return id
  }

  private requireTradingAccount(accountId: string): string {
    const id = this.tradingAccountOf(accountId)
    if (!id) throw new ExchangeError('internal', `account ${accountId} has no trading balance account`)
    return id
  }

  private accountNum(accountId: string): number {
    let num = this.accountNums.get(accountId)
    if (num === undefined) {
      num = this.accountNums.size + 1
      this.accountNums.set(accountId, num)
    }
    return num
  }

  private touch(symbol: string): void {
    this.committed = true
    this.touched.add(symbol)
  }

  private rebuildTouched(): void {
    for (const symbol of this.touched) this.rebuild(symbol)
    this.touched = new Set()
    this.nextOrderSeq = this.orders.maxOrderSeq() + 1
    this.nextTradeSeq = this.orders.maxTradeSeq() + 1
  }

  /**
   * Replaces a ticker's book with the resting orders the store holds, in time priority, read on
   * this thread. Only the book's own node is made per order; the live state is read when an order
   * is first touched.
   */
  private rebuild(symbol: string, span = restingSpan(this.db, symbol)): number {
    const book = this.resetBook(symbol)
    return span ? this.restore(book, readResting(this.db, {ticker: symbol, fromSeq: span.first, toSeq: span.last})) : 0
  }

  /** Rests a chunk of stored orders in `book`, in the chunk's (seq) order; returns how many. */
  private restore(book: OrderBook, chunk: RestingChunk): number {
    const accountNums = chunk.accounts.map((accountId) => this.accountNum(accountId))
    for (let i = 0; i < chunk.count; i++) {
      const side = chunk.buy[i] === 1 ? 'buy' : 'sell'
      book.restoreOrder(chunk.seq[i]!, accountNums[chunk.account[i]!]!, side, chunk.price[i]!, chunk.remaining[i]!)
    }
    return chunk.count
  }

  /** An empty book for the ticker, and none of its orders live. */
  private resetBook(symbol: string): OrderBook {
    for (const [seq, order] of this.live) if (order.ticker === symbol) this.live.delete(seq)
    const book = new OrderBook()
    this.books.set(symbol, book)
    return book
  }
}
