import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

type Network = {id: string; asset: string; network: string; deposit_enabled: boolean; withdraw_enabled: boolean}
type Response = {networks: Network[]}

export default class InfoNetworks extends AdminCommand {
  static override summary =
    'List the networks each asset moves on, with deposits and withdrawals on or off (InfoService.ListNetworks).'
  static override examples = ['<%= config.bin %> info networks', '<%= config.bin %> info networks --asset USDT --json']

  static override flags = {
    asset: Flags.string({summary: 'Only networks of this asset.'}),
  }

  async run(): Promise<Response> {
    const {flags} = await this.parse(InfoNetworks)
    const response = await this.call<Response>('InfoService', 'ListNetworks', {asset: flags.asset ?? ''})
    this.table(
      ['id', 'asset', 'network', 'deposit_enabled', 'withdraw_enabled'],
      response.networks.map((n) => [n.id, n.asset, n.network, n.deposit_enabled, n.withdraw_enabled]),
    )
    return response
  }
}
