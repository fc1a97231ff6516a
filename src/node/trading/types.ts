/**
 * The trading service's vocabulary: what callers hand in and get back, what a committed batch
 * publishes, and what the pieces of the service (input parsing, group commit, settlement, recovery)
 * share while a batch runs.
 */
import type {OrderBook} from '../engine/book.js'
import type {SelfTradeMode, TimeInForce} from '../engine/types.js'
import type {StopDirection} from '../engine/stops.js'
import type {LedgerBatch} from '../ledger/ledger.js'
import type {BalanceRow} from '../ledger/types.js'
import type {OrderRow, TradeRow} from '../orders/orders.js'
import type {WriteOp} from '../store/writer.js'
import type {DepthUpdate, TouchedLevels} from './book-updates.js'
import type {TickerSpec} from './spec.js'
import type {Fill, FillChange, Order, PublicTrade} from './model.js'

export type PlaceInput = {
  ticker: unknown
  side: unknown
  type: unknown
  price?: unknown
  qty: unknown
  clientOrderId?: unknown
  timeInForce?: unknown
  postOnly?: unknown
  /**
   * A market buy only, instead of `qty`: the quote amount to spend. The order buys the most whole lots
   * whose fills, at the book as it stands when the order runs, cost at most this (docs/binance-compat.md "Decisions",
   * `quoteOrderQty`); its `qty` is that many lots.
   */
  quoteQty?: unknown
  /**
   * A stop order's stop price (`type` `stop_limit` or `stop_market`): the order waits, out of the book,
   * until the last trade price reaches it (docs/trading.md "Stop orders").
   */
  stopPrice?: unknown
  /**
   * Which way a stop triggers: `rise` at last >= stop, `fall` at last <= stop. Absent: a stop-loss, a
   * sell falling and a buy rising (a take-profit names the other).
   */
  stopDirection?: unknown
  /** Self-trade prevention: `expire_taker` (the default), `expire_maker`, `expire_both` or `none`. */
  selfTrade?: unknown
}

/** A placed order as matching left it, with the fills it made as the taker (oldest first). */
export type PlaceResult = {order: Order; exchangeTime: string; fills: Fill[]}

/** What one committed batch changed, published after commit. */
export type CommittedEvents = {
  /**
   * Orders whose state changed, with their owner, once per command that changed them (as that command
   * left them); `created` when the command placed the order, `triggered` when the command triggered
   * the stop order (it entered the book).
   */
  orders: {accountId: string; order: Order; created: boolean; triggered?: boolean}[]
  trades: PublicTrade[]
  /** Trades, each with the state its two orders reached by it, for the user streams. */
  fills: FillChange[]
  /** Tickers whose book changed. */
  books: Set<string>
  /** Each changed book's level changes and update ids (trading/book-updates.ts). */
  depth: DepthUpdate[]
}

/**
 * Records what a batch changed as rows of the batch's own transaction: the cluster's event log, from
 * which the sequencer publishes every committed change in commit order (docs/cluster.md "Events"). Absent in role
 * `all`, where a batch records nothing (`Trading.useJournal`).
 */
export interface BatchJournal {
  /**
   * Appends the batch's events to `ops` (its row writes), after the commands have run, with the
   * balances the batch changed as it leaves them.
   */
  record(events: CommittedEvents, ops: WriteOp[], balances: BalanceRow[]): void
  /**
   * Records events that are no batch's (the levels put right after failed batches, `repair`) in a
   * transaction of their own, once nothing is in flight.
   */
  recordNow(events: CommittedEvents): void
}

/**
 * An order the service has touched since the start: what settlement needs, and its row as stored.
 * Orders restored into a book at start are not kept here (a million objects would make the restart
 * slow); the first time one is touched, its row is read and it joins the map (`LiveOrders.of`).
 */
export type LiveOrder = {seq: number; ticker: string; accountNum: number; held: bigint; row: OrderRow}

/** What one group commit shares: its ledger batch, its writes, its clock, and look-ups cached for its length. */
export type BatchContext = {
  ledger: LedgerBatch
  /** The batch's row writes, in order, for the writer thread. */
  ops: WriteOp[]
  now: string
  fees: Map<string, {maker: string; taker: string}>
  /** Trades of the command being executed, written after its orders. */
  trades: TradeRow[]
  /** Books changed in this batch: if the batch fails as a whole they are rebuilt. */
  touched: Set<string>
  /** The price levels changed in this batch, per book (its depth updates). */
  levels: TouchedLevels
  /** Whether the command being executed has written or reached the engine (after that, no refusal is possible). */
  committed: boolean
  /** Client order ids (`${accountId}|${clientOrderId}`) placed in this batch: known before their rows are on disk. */
  placed: string[]
  /** Orders that ended in this batch: not live any more, though their stored rows still say so until it commits. */
  ended: number[]
}

export type Outcome = {ok: true; value: unknown} | {ok: false; error: unknown}

/** A place command whose input has been checked against its ticker (`parsePlace`). */
export type ValidPlace = {
  spec: TickerSpec
  side: 'buy' | 'sell'
  type: 'limit' | 'market'
  priceTicks: number
  /** 0 when the order names a quote budget instead. */
  qtyLots: number
  /** A market buy's quote budget in minor units (`PlaceInput.quoteQty`); undefined otherwise. */
  quoteBudget?: bigint
  timeInForce: TimeInForce
  postOnly: boolean
  clientOrderId: string | null
  /** A stop order: it waits for the last price to reach `ticks` going `direction`, then is this limit or market order. */
  stop?: {ticks: number; direction: StopDirection}
  selfTrade: SelfTradeMode
}

export type Command =
  | {kind: 'place'; accountId: string; order: ValidPlace}
  | {kind: 'cancel'; accountId: string; orderId?: string; clientOrderId?: string}
  | {kind: 'cancelAll'; accountId: string; ticker: string}

export type Pending = {command: Command; resolve(value: unknown): void; reject(error: unknown): void}

/** Each ticker's arithmetic and its book (the Trading service). */
export interface Markets {
  spec(symbol: string): TickerSpec
  book(symbol: string): OrderBook
}

/** Runs the commands of a group commit against the books and balances in memory (Commands). */
export interface BatchExecutor {
  /** One command: its answer, or a throw (a refusal when `context.committed` is still false). */
  execute(command: Command, events: CommittedEvents, context: BatchContext): unknown
  /** The batch has run (nothing more changes its books): its depth updates go into its events. */
  seal(context: BatchContext, events: CommittedEvents): void
  /** A batch is on disk (its events are published next): what it placed and ended is read from the store from now on. */
  committed(context: BatchContext, events: CommittedEvents): void
  /** After batches failed, once none is in flight: puts the books they touched back as the store has them. */
  recover(touched: Set<string>): void
  /** After `recover`: the events that put right the levels the failed batches touched, if any. */
  repair(levels: TouchedLevels): CommittedEvents | undefined
}
