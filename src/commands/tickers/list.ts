import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class TickersList extends AdminCommand {
  static override summary = 'List the tickers with their steps and state (TickersService.ListTickers).'
  static override examples = ['<%= config.bin %> tickers list', '<%= config.bin %> tickers list --include-inactive --json']

  static override flags = {
    'include-inactive': Flags.boolean({default: false, summary: 'Also list deactivated tickers.'}),
  }

  async run() {
    const {flags} = await this.parse(TickersList)
    return this.list('TickersService', 'ListTickers', {include_inactive: flags['include-inactive']}, 'tickers', [
      'symbol',
      ['base', 'base_asset'],
      ['quote', 'quote_asset'],
      'active',
      'tick_size',
      'lot_size',
      'min_notional',
    ])
  }
}
