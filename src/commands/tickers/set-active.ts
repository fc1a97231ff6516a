import {Errors, Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class TickersSetActive extends AdminCommand {
  static override summary =
    'Open or halt trading on a ticker; inactive tickers are hidden from listings (TickersService.SetTickerActive).'
  static override examples = [
    '<%= config.bin %> tickers set-active --symbol TRX-USDT --no-active',
    '<%= config.bin %> tickers set-active --symbol TRX-USDT --active',
  ]

  static override flags = {
    symbol: Flags.string({summary: '<BASE>-<QUOTE>, such as BTC-USDT.'}),
    active: Flags.boolean({allowNo: true, summary: 'Activate (--active) or deactivate (--no-active); one of them is required.'}),
  }

  async run() {
    const {flags} = await this.parse(TickersSetActive)
    const symbol = await this.require(flags.symbol, 'symbol', 'Symbol (BASE-QUOTE)')
    if (flags.active === undefined) throw new Errors.CLIError('missing required flag: give --active or --no-active', {exit: 2})
    return this.show('TickersService', 'SetTickerActive', {symbol, active: flags.active})
  }
}
