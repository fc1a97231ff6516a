/**
 * Recovery: rebuilds books from the resting orders in the store, in time priority — every book at
 * start (large ones read by worker threads), or the books a failed batch touched.
 */
import {OrderBook} from '../engine/book.js'
import type {Logger} from '../ground/logger.js'
import {
  lastTradePrice,
  readResting,
  readRestingInWorkers,
  readWaitingStops,
  restingSpan,
  type RestingChunk,
} from '../orders/resting.js'
import type {Db} from '../store/database.js'
import type {Tickers} from '../tickers/tickers.js'
import type {LiveOrders} from './live-orders.js'

/** A ticker whose resting orders span at least this many seqs is read by worker threads at start. */
const PARALLEL_REBUILD_SPAN = 100_000

export class Recovery {
  constructor(
    private readonly db: Db,
    private readonly tickers: Tickers,
    private readonly logger: Logger,
    /** The service's books by ticker, replaced here when rebuilt. */
    private readonly books: Map<string, OrderBook>,
    private readonly live: LiveOrders,
  ) {}

  /** Rebuilds every book from the resting orders in the store, in time priority. Returns the count. */
  recover(): number {
    let count = 0
    for (const ticker of this.tickers.list(true)) count += this.rebuild(ticker.symbol)
    return count
  }

  /**
   * `recover` for a start: a ticker with many resting orders (a seq span of at least `minSpan`) is
   * read by worker threads, range by range, and restored in seq order as the ranges arrive; if a
   * reader fails, that book is rebuilt on this thread instead. Resolves to the count.
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

  /**
   * Replaces a ticker's book with the resting orders the store holds, in time priority, read on
   * this thread. Only the book's own node is made per order; the live state is read when an order
   * is first touched.
   */
  rebuild(symbol: string, span = restingSpan(this.db, symbol)): number {
    const book = this.resetBook(symbol)
    return span ? this.restore(book, readResting(this.db, {ticker: symbol, fromSeq: span.first, toSeq: span.last})) : 0
  }

  /** Rests a chunk of stored orders in `book`, in the chunk's (seq) order; returns how many. */
  private restore(book: OrderBook, chunk: RestingChunk): number {
    const accountNums = chunk.accounts.map((accountId) => this.live.accountNum(accountId))
    for (let i = 0; i < chunk.count; i++) {
      const side = chunk.buy[i] === 1 ? 'buy' : 'sell'
      book.restoreOrder(chunk.seq[i]!, accountNums[chunk.account[i]!]!, side, chunk.price[i]!, chunk.remaining[i]!)
    }
    return chunk.count
  }

  /**
   * An empty book for the ticker, and none of its orders live; its stops waiting for their trigger
   * and its last trade price are back as the store has them (a few reads: stops are few beside the
   * resting orders).
   */
  private resetBook(symbol: string): OrderBook {
    this.live.dropTicker(symbol)
    const book = new OrderBook()
    book.lastPrice = lastTradePrice(this.db, symbol)
    for (const stop of readWaitingStops(this.db, symbol)) {
      book.stops.add(stop.seq, this.live.accountNum(stop.account_id), stop.stop_trigger, stop.stop_ticks)
    }
    this.books.set(symbol, book)
    return book
  }
}
