import {Args, Flags} from '@oclif/core'
import {MarketCommand} from '../../cli/market-command.js'

type Trade = {id: string; price: string; qty: string; side: string; executed_at: string}

export default class MarketTrades extends MarketCommand {
  static override summary = 'Show the latest trades of a ticker, newest first (GET /api/v1/exchange/trades).'
  static override examples = [
    '<%= config.bin %> market trades BTC-USDT',
    '<%= config.bin %> market trades BTC-USDT --limit 10 --csv',
  ]
  static override args = {ticker: Args.string({required: true, description: 'Ticker, such as BTC-USDT.'})}
  static override flags = {limit: Flags.integer({min: 1, max: 500, default: 50, summary: 'How many trades.'})}

  async run(): Promise<{trades: Trade[]}> {
    const {args, flags} = await this.parse(MarketTrades)
    const response = await this.get<{trades: Trade[]}>('trades', {ticker: args.ticker, limit: String(flags.limit)})
    await this.printTable(
      ['id', 'side', 'price', 'qty', 'executed_at'],
      response.trades.map((trade) => [trade.id, trade.side, trade.price, trade.qty, trade.executed_at]),
    )
    return response
  }
}
