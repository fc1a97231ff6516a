import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

type AdminTicker = {
  symbol: string
  base_asset: string
  quote_asset: string
  active: boolean
  tick_size: string
  lot_size: string
  min_notional: string
}
type Response = {tickers: AdminTicker[]}

export default class TickersList extends AdminCommand {
  static override summary = 'List the tickers with their steps and state (TickersService.ListTickers).'
  static override examples = ['<%= config.bin %> tickers list', '<%= config.bin %> tickers list --include-inactive --json']

  static override flags = {
    'include-inactive': Flags.boolean({default: false, summary: 'Also list deactivated tickers.'}),
  }

  async run(): Promise<Response> {
    const {flags} = await this.parse(TickersList)
    const response = await this.call<Response>('TickersService', 'ListTickers', {include_inactive: flags['include-inactive']})
    this.table(
      ['symbol', 'base', 'quote', 'active', 'tick_size', 'lot_size', 'min_notional'],
      response.tickers.map((t) => [t.symbol, t.base_asset, t.quote_asset, t.active, t.tick_size, t.lot_size, t.min_notional]),
    )
    return response
  }
}
