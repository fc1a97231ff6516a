/**
 * An edge's copy of the market reference data and of the books (edge-book.ts), read synchronously by
 * the WebSocket servers as they read the sequencer's services on a single node: tickers, assets, each
 * ticker's arithmetic (`TickerSpec`) and its depth with the sequencer's update id.
 *
 * Tickers and assets are read from the sequencer (commands `tickers.list`, `assets.list`) at start,
 * when an event names a ticker the copy does not know, and every `refreshMs`; a book is read whole
 * (`trading.depth`) when its ticker first appears, then kept by the `book` events.
 */
import type {Asset} from '../assets/assets.js'
import {notFound} from '../errors.js'
import type {Ticker} from '../tickers/tickers.js'
import {TickerSpec} from '../trading/spec.js'
import type {LevelView} from '../engine/types.js'
import {requireString} from '../validate.js'
import type {CommandClient} from './command-client.js'
import {EdgeBook} from './edge-book.js'

/** All levels of a book (the sequencer's depth takes a count). */
const WHOLE_BOOK = 1_000_000_000

export class EdgeMarkets {
  private tickers = new Map<string, Ticker>()
  private pairs = new Map<string, string>()
  private assets = new Map<string, Asset>()
  private readonly specs = new Map<string, TickerSpec>()
  private readonly books = new Map<string, EdgeBook>()

  constructor(private readonly commands: CommandClient) {}

  /** Reads the tickers and assets again. */
  async refresh(): Promise<void> {
    const [tickers, assets] = await Promise.all([
      this.commands.call('tickers', 'list', [true]) as Promise<Ticker[]>,
      this.commands.call('assets', 'list', [true]) as Promise<Asset[]>,
    ])
    this.tickers = new Map(tickers.map((ticker) => [ticker.symbol, ticker]))
    this.pairs = new Map(tickers.map((ticker) => [ticker.baseAsset + ticker.quoteAsset, ticker.symbol]))
    this.assets = new Map(assets.map((asset) => [asset.code, asset]))
  }

  /** Reads every known ticker's book that is not held yet. */
  async loadBooks(): Promise<void> {
    for (const symbol of this.tickers.keys()) if (!this.books.has(symbol)) await this.loadBook(symbol)
  }

  /** The book of `symbol`, read from the sequencer if not held (a ticker unknown so far: the tickers too). */
  async ensureBook(symbol: string): Promise<EdgeBook> {
    if (!this.tickers.has(symbol)) await this.refresh()
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

  readonly tickerService = {
    list: (includeInactive: boolean): Ticker[] =>
      [...this.tickers.values()].filter((ticker) => includeInactive || ticker.active).map((ticker) => ({...ticker})),
    get: (symbol: string): Ticker | undefined => {
      const ticker = this.tickers.get(symbol)
      return ticker && {...ticker}
    },
    byPair: (pair: string): Ticker | undefined => {
      const symbol = this.pairs.get(pair.toUpperCase())
      return symbol === undefined ? undefined : this.tickerService.get(symbol)
    },
    require: (symbol: unknown): Ticker => {
      const text = requireString(symbol, 'symbol', 21).toUpperCase()
      const ticker = this.tickerService.get(text)
      if (!ticker) throw notFound(`ticker ${text} not found`)
      return ticker
    },
  }

  readonly assetService = {
    list: (includeInactive: boolean): Asset[] => [...this.assets.values()].filter((asset) => includeInactive || asset.active),
    get: (code: string): Asset | undefined => this.assets.get(code),
  }

  spec(symbol: string): TickerSpec {
    let spec = this.specs.get(symbol)
    if (!spec) {
      const ticker = this.tickerService.require(symbol)
      const asset = (code: string) => {
        const found = this.assets.get(code)
        if (!found) throw notFound(`asset ${code} not found`)
        return found
      }
      spec = new TickerSpec(ticker, asset(ticker.baseAsset), asset(ticker.quoteAsset))
      this.specs.set(ticker.symbol, spec)
    }
    return spec
  }

  /** As `Trading.depth`: the top levels with the book's update id (0 and empty for a book not held). */
  depth(symbol: string, limit: number): {updateId: number; bids: LevelView[]; asks: LevelView[]} {
    const book = this.books.get(symbol)
    if (!book) return {updateId: 0, bids: [], asks: []}
    return {updateId: book.updateId, ...book.depth(limit)}
  }
}
