import {Args, Errors} from '@oclif/core'
import {EXIT_CODES} from '../../cli/errors.js'
import {MarketCommand} from '../../cli/market-command.js'

type Ticker = {
  symbol: string
  last_price: string
  price_change_24h: string
  volume_24h: string
  high_24h: string
  low_24h: string
}

export default class MarketTickers extends MarketCommand {
  static override summary = 'Show last price and 24 h statistics of every ticker, or of one (GET /api/v1/exchange/tickers).'
  static override examples = ['<%= config.bin %> market tickers', '<%= config.bin %> market tickers BTC-USDT --json']
  static override args = {ticker: Args.string({required: false, description: 'Only this ticker, such as BTC-USDT.'})}

  async run(): Promise<{tickers: Ticker[]}> {
    const {args} = await this.parse(MarketTickers)
    const {tickers} = await this.get<{tickers: Ticker[]}>('tickers', {})
    const wanted = args.ticker?.toUpperCase()
    const shown = wanted ? tickers.filter((ticker) => ticker.symbol === wanted) : tickers
    if (wanted && shown.length === 0)
      throw new Errors.CLIError(`NOT_FOUND (not_found): ticker ${args.ticker} not found`, {exit: EXIT_CODES.not_found})
    await this.printTable(
      ['symbol', 'last_price', 'price_change_24h', 'volume_24h', 'high_24h', 'low_24h'],
      shown.map((t) => [t.symbol, t.last_price, t.price_change_24h, t.volume_24h, t.high_24h, t.low_24h]),
    )
    return {tickers: shown}
  }
}
