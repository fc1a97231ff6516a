import {Flags} from '@oclif/core'
import {AdminCommand} from '../../../cli/admin-command.js'

export default class P2PRatesSet extends AdminCommand {
  static override summary =
    'Set the reference rate of an (asset, fiat) pair that floating-price P2P ads follow (P2PService.SetReferenceRate).'
  static override examples = ['<%= config.bin %> p2p rates set --asset BTC --fiat EUR --rate 50000']

  static override flags = {
    asset: Flags.string({summary: 'Asset code, such as BTC.'}),
    fiat: Flags.string({summary: 'Fiat currency code, such as EUR.'}),
    rate: Flags.string({summary: 'Fiat per one unit of the asset, a positive decimal.'}),
  }

  async run() {
    const {flags} = await this.parse(P2PRatesSet)
    const request = {
      asset: await this.require(flags.asset, 'asset', 'Asset code'),
      fiat: await this.require(flags.fiat, 'fiat', 'Fiat currency code'),
      rate: await this.require(flags.rate, 'rate', 'Rate (fiat per unit)'),
    }
    const response = await this.call('P2PService', 'SetReferenceRate', request)
    if (response.rate) this.details(response.rate)
    return response
  }
}
