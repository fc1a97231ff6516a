/**
 * An edge's copy of the books (cluster/edge/book.ts) over its one copy of the market reference data
 * (cluster/edge/market.ts, shared with the routes), read synchronously by the WebSocket servers as they read
 * the sequencer's services on a single node: tickers, assets, each ticker's arithmetic (`TickerSpec`)
 * and its depth with the sequencer's update id.
 *
 * Tickers and assets are read again when an event names a ticker the copy does not know (and by the
 * market copy's own refresh); a book is read whole (`trading.depth`) when its ticker first appears,
 * then kept by the `book` events.
 */
import type {LevelView} from '../../engine/types.js'
import type {TickerSpec} from '../../trading/spec.js'
import type {CommandClient} from './command-client.js'
import {EdgeBook} from './book.js'
import type {EdgeMarket} from './market.js'

/** All levels of a book (the sequencer's depth takes a count). */
const WHOLE_BOOK = 1_000_000_000

export class EdgeMarkets {
  private readonly books = new Map<string, EdgeBook>()

  constructor(
    private readonly commands: CommandClient,
    private readonly market: EdgeMarket,
  ) {}

  /** Reads the tickers and assets again. */
  refresh(): Promise<void> {
    return this.market.refresh()
  }

  /** Reads every known ticker's book that is not held yet. */
  async loadBooks(): Promise<void> {
    for (const {symbol} of this.market.tickers.list(true)) if (!this.books.has(symbol)) await this.loadBook(symbol)
  }

  /** The book of `symbol`, read from the sequencer if not held (a ticker unknown so far: the tickers too). */
  async ensureBook(symbol: string): Promise<EdgeBook> {
    if (!this.market.tickers.get(symbol)) await this.refresh()
    return this.books.get(symbol) ?? (await this.loadBook(symbol))
  }

  /** The replica of a book, if held. */
  heldBook(symbol: string): EdgeBook | undefined {
    return this.books.get(symbol)
  }

  private async loadBook(symbol: string): Promise<EdgeBook> {
    const depth = (await this.commands.call('trading', 'depth', [symbol, WHOLE_BOOK])) as {
      updateId: number
      bids: LevelView[]
      asks: LevelView[]
    }
    // An event applied while the snapshot was on its way is newer: keep the replica that has it.
    const held = this.books.get(symbol)
    if (held && held.updateId >= depth.updateId) return held
    const book = new EdgeBook(depth)
    this.books.set(symbol, book)
    return book
  }

  // ---- what the WebSocket servers read (the shapes of Tickers, Assets and Trading) ----

  get tickerService(): EdgeMarket['tickers'] {
    return this.market.tickers
  }

  get assetService(): EdgeMarket['assets'] {
    return this.market.assets
  }

  spec(symbol: string): TickerSpec {
    return this.market.spec(symbol)
  }

  /** As `Trading.depth`: the top levels with the book's update id (0 and empty for a book not held). */
  depth(symbol: string, limit: number): {updateId: number; bids: LevelView[]; asks: LevelView[]} {
    const book = this.books.get(symbol)
    if (!book) return {updateId: 0, bids: [], asks: []}
    return {updateId: book.updateId, ...book.depth(limit)}
  }
}
