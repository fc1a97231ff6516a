import {Args, Flags} from '@oclif/core'
import {MarketCommand} from '../../cli/market-command.js'

type Book = {ticker: string; bids: [string, string][]; asks: [string, string][]; timestamp: string}

export default class MarketBook extends MarketCommand {
  static override summary = 'Show the order book of a ticker: asks above, bids below (GET /api/v1/exchange/orderbook).'
  static override examples = ['<%= config.bin %> market book BTC-USDT', '<%= config.bin %> market book ETH-USDT --depth 5 --json']
  static override args = {ticker: Args.string({required: true, description: 'Ticker, such as BTC-USDT.'})}
  static override flags = {depth: Flags.integer({min: 1, max: 500, default: 20, summary: 'Price levels per side.'})}

  async run(): Promise<Book> {
    const {args, flags} = await this.parse(MarketBook)
    const book = await this.get<Book>('orderbook', {ticker: args.ticker, limit: String(flags.depth)})
    const rows = [
      ...[...book.asks].reverse().map(([price, qty]) => ['ask', price, qty]),
      ...book.bids.map(([price, qty]) => ['bid', price, qty]),
    ]
    await this.printTable(['side', 'price', 'qty'], rows)
    return book
  }
}
