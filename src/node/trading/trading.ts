/**
 * Spot trading: validates orders against their ticker, reserves funds, runs the matching engine and
 * settles every trade through the ledger — all effects of a command (orders, trades, ledger
 * transactions, balances) in one SQLite transaction, committed before the caller is answered.
 *
 * The service composes its pieces: `input.ts` checks a request, `group-commit.ts` queues the
 * commands of one event-loop turn, runs them against the books and balances in memory
 * (`commands.ts`) and has the writer thread commit their rows in one transaction (store/writer.ts),
 * `settlement.ts` turns the engine's events into ledger transactions and order and trade rows,
 * `recovery.ts` rebuilds the books from the store. Balances are the ledger's cached ones (LedgerBatch);
 * an order's row is written once per command, after matching, with its trades after it. See
 * docs/architecture.md for the threads and the life of a batch.
 */
import {EventEmitter} from 'node:events'
import type {Accounts} from '../accounts/accounts.js'
import type {Assets} from '../assets/assets.js'
import {OrderBook} from '../engine/book.js'
import type {LevelView} from '../engine/types.js'
import {invalid} from '../ground/errors.js'
import {registerLedgerWrites, type Ledger} from '../ledger/ledger.js'
import type {Logger} from '../ground/logger.js'
import {Orders, type OrderQuery, type TradeQuery} from '../orders/orders.js'
import type {Db} from '../store/database.js'
import type {Writer} from '../store/writer.js'
import type {Tickers} from '../tickers/tickers.js'
import type {Tiers} from '../tiers/tiers.js'
import {BookUpdates} from './book-updates.js'
import {Commands} from './commands.js'
import {GroupCommit} from './group-commit.js'
import {parsePlace} from './input.js'
import {LiveOrders} from './live-orders.js'
import {Recovery} from './recovery.js'
import {Settlement} from './settlement.js'
import {TickerSpec} from './spec.js'
import type {BatchJournal, Markets, PlaceInput, PlaceResult} from './types.js'
import {toOrder, toUserTrade, type Order, type UserTrade} from './model.js'

export type {BatchJournal, CommittedEvents, PlaceInput, PlaceResult} from './types.js'
export type {DepthUpdate} from './book-updates.js'

export class Trading implements Markets {
  readonly events = new EventEmitter()
  private readonly orders: Orders
  private readonly books = new Map<string, OrderBook>()
  private readonly specs = new Map<string, TickerSpec>()
  private readonly recovery: Recovery
  private readonly group: GroupCommit
  private readonly updates: BookUpdates

  constructor(
    db: Db,
    ledger: Ledger,
    accounts: Accounts,
    private readonly assets: Assets,
    private readonly tickers: Tickers,
    tiers: Tiers,
    private readonly writer: Writer,
    logger: Logger,
  ) {
    this.events.setMaxListeners(0)
    this.orders = new Orders(db)
    const loading = performance.now()
    void this.orders.clientIdsLoaded().then((loaded) => {
      if (loaded) logger.info({ms: Math.round(performance.now() - loading)}, 'client order ids loaded')
      else logger.warn('client order ids could not be loaded; each is looked up in the store')
    })
    const register = (sql: string) => writer.register(sql)
    this.orders.registerWrites(register)
    const live = new LiveOrders(this.orders)
    const settlement = new Settlement(this.orders, ledger, accounts, tiers, live)
    this.recovery = new Recovery(db, tickers, logger, this.books, live)
    this.updates = new BookUpdates(this)
    const commands = new Commands(this.orders, this, live, settlement, this.recovery, this.updates)
    this.group = new GroupCommit(db, ledger, registerLedgerWrites(register), writer, commands, this.events, logger)
    // Created now if new: a batch only reads the store (it runs inside a read transaction).
    ledger.systemAccount('fee')
    // An order's hold is a reservation (docs/ledger.md "Money is never lost"): `ledger verify` checks trading balances' locked against them.
    ledger.reservedBy(() => {
      const amounts = new Map<string, bigint>()
      for (const {account_id, held_asset, held} of this.orders.heldByOpenOrders()) {
        const key = `${settlement.tradingAccountOf(account_id)}|${held_asset}`
        amounts.set(key, (amounts.get(key) ?? 0n) + BigInt(held))
      }
      return {kind: 'trading', amounts}
    })
  }

  /** Rebuilds every book from the resting orders in the store, in time priority. Returns the count. */
  recover(): number {
    this.writer.waitIdle()
    return this.recovery.recover()
  }

  /**
   * `recover` for a start: a ticker with many resting orders (a seq span of at least `minSpan`) is
   * read by worker threads, range by range, and restored in seq order as the ranges arrive; if a
   * reader fails, that book is rebuilt on this thread instead. Nothing else may use the service
   * until this resolves. Resolves to the count.
   */
  recoverInParallel(options: {minSpan?: number; threads?: number} = {}): Promise<number> {
    return this.recovery.recoverInParallel(options)
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

  /**
   * The top `limit` levels of each side of a book, `[price ticks, lots]` best first, with the book's
   * update id (docs/binance-compat.md "Market streams": the depth updates of the committed events continue from it).
   */
  depth(symbol: string, limit: number): {updateId: number; bids: LevelView[]; asks: LevelView[]} {
    return {updateId: this.updates.current(symbol), ...this.book(symbol).depth(limit)}
  }

  /** Places an order for an account; resolves once it is committed. */
  place(accountId: string, input: PlaceInput): Promise<PlaceResult> {
    return this.group.submit({kind: 'place', accountId, order: parsePlace(input, this.tickers, this)}) as Promise<PlaceResult>
  }

  /**
   * Records every batch's events in the batch's own transaction from now on (the cluster's event log,
   * docs/cluster.md "Events"): set by the sequencer before the writer starts. Without one, nothing is recorded.
   */
  useJournal(journal: BatchJournal): void {
    this.group.journal = journal
  }

  /** Commits and answers every command received so far: the node calls it before stopping the writer. */
  drain(): Promise<void> {
    return this.group.drain()
  }

  /** Cancels one open order of the account, by id or client order id. */
  cancel(accountId: string, ref: {orderId?: string; clientOrderId?: string}): Promise<Order> {
    if (!ref.orderId && !ref.clientOrderId) throw invalid('order_id or client_order_id is required')
    return this.group.submit({kind: 'cancel', accountId, ...ref}) as Promise<Order>
  }

  /** Checks a place request as `place` would, and places nothing (a halted or unknown ticker, a bad field). */
  validate(input: PlaceInput): void {
    parsePlace(input, this.tickers, this)
  }

  /** Cancels every open order of the account on a ticker; resolves to how many. */
  cancelAll(accountId: string, ticker: unknown): Promise<number> {
    return this.cancelAllOrders(accountId, ticker).then((orders) => orders.length)
  }

  /** Cancels every open order of the account on a ticker; resolves to those orders as cancelled, oldest first. */
  cancelAllOrders(accountId: string, ticker: unknown): Promise<Order[]> {
    if (typeof ticker !== 'string' || ticker === '') throw invalid('ticker is required')
    const symbol = this.tickers.require(ticker).symbol
    return this.group.submit({kind: 'cancelAll', accountId, ticker: symbol}) as Promise<Order[]>
  }

  /** One order of the account as committed, or undefined when there is none by that id (or it is another account's). */
  orderOf(accountId: string, orderId: string): Order | undefined {
    const row = this.orders.byId(orderId)
    return row && row.account_id === accountId ? toOrder(row, this.spec(row.ticker)) : undefined
  }

  /** One order of the account by its int64 seq, as committed; undefined when there is none (or it is another account's). */
  orderBySeq(accountId: string, seq: number): Order | undefined {
    const row = this.orders.bySeq(seq)
    return row && row.account_id === accountId ? toOrder(row, this.spec(row.ticker)) : undefined
  }

  /** One order of the account by its client order id, as committed; undefined when it has none. */
  orderByClientId(accountId: string, clientOrderId: string): Order | undefined {
    const row = this.orders.byClientOrderId(accountId, clientOrderId)
    return row ? toOrder(row, this.spec(row.ticker)) : undefined
  }

  /** An account's orders, newest first (oldest first with `ascending`), with the total for paging. */
  listOrders(query: OrderQuery): {orders: Order[]; total: number} {
    const {orders, total} = this.orders.list(query)
    return {orders: orders.map((row) => toOrder(row, this.spec(row.ticker))), total}
  }

  /** An account's fills, newest first (oldest first with `ascending`), each as that account sees it, with the total for paging. */
  listTrades(query: TradeQuery): {trades: UserTrade[]; total: number} {
    const {trades, total} = this.orders.trades(query)
    return {
      trades: trades.map((row) => {
        const isMaker = row.maker_account_id === query.accountId && row.taker_account_id !== query.accountId
        const orderSeq = isMaker ? row.maker_order_seq : row.taker_order_seq
        return toUserTrade(row, this.spec(row.ticker), isMaker, this.orders.bySeq(orderSeq)?.id ?? '')
      }),
      total,
    }
  }

  /** The order repository, for the service's own tests; transports use the methods above. */
  get store(): Orders {
    return this.orders
  }
}
