import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class TickersCreate extends AdminCommand {
  static override summary = 'Create a trading pair <BASE>-<QUOTE> of two existing assets (TickersService.CreateTicker).'
  static override examples = [
    '<%= config.bin %> tickers create --symbol SOL-USDT',
    '<%= config.bin %> tickers create --symbol SOL-USDT --tick-size 0.001 --lot-size 0.01 --min-notional 5',
  ]

  static override flags = {
    symbol: Flags.string({summary: '<BASE>-<QUOTE>, such as BTC-USDT.'}),
    'base-asset': Flags.string({summary: 'Base asset code (default: the part of the symbol before "-").'}),
    'quote-asset': Flags.string({summary: 'Quote asset code (default: the part of the symbol after "-").'}),
    'tick-size': Flags.string({summary: "Price step, decimal string (default: from the quote asset's decimals, at most 8)."}),
    'lot-size': Flags.string({summary: "Quantity step, decimal string (default: from the base asset's decimals, at most 8)."}),
    'min-notional': Flags.string({summary: "Minimum price x qty in the quote asset (default: the quote asset's smallest unit)."}),
  }

  async run() {
    const {flags} = await this.parse(TickersCreate)
    const symbol = await this.require(flags.symbol, 'symbol', 'Symbol (BASE-QUOTE)')
    // A malformed symbol gives no defaults; the node then says what is wrong with it.
    const parts = symbol.split('-')
    const [base, quote] = parts.length === 2 ? parts : ['', '']
    const request = {
      symbol,
      base_asset: flags['base-asset'] ?? base,
      quote_asset: flags['quote-asset'] ?? quote,
      tick_size: flags['tick-size'] ?? '',
      lot_size: flags['lot-size'] ?? '',
      min_notional: flags['min-notional'] ?? '',
    }
    return this.show('TickersService', 'CreateTicker', request)
  }
}
