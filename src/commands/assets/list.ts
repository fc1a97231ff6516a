import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

type AssetNetwork = {id: string; network: string; deposit_enabled: boolean; withdraw_enabled: boolean}
type AssetInfo = {code: string; name: string; decimals: number; active: boolean; networks: AssetNetwork[]}
type Response = {assets: AssetInfo[]}

export default class AssetsList extends AdminCommand {
  static override summary = 'List the assets with their state and networks (AssetsService.ListAssets).'
  static override examples = ['<%= config.bin %> assets list', '<%= config.bin %> assets list --include-inactive --json']

  static override flags = {
    'include-inactive': Flags.boolean({default: false, summary: 'Also list deactivated assets.'}),
  }

  async run(): Promise<Response> {
    const {flags} = await this.parse(AssetsList)
    const response = await this.call<Response>('AssetsService', 'ListAssets', {include_inactive: flags['include-inactive']})
    this.table(
      ['code', 'name', 'decimals', 'active', 'networks'],
      response.assets.map((asset) => [
        asset.code,
        asset.name,
        asset.decimals,
        asset.active,
        asset.networks.map((n) => n.network).join(', '),
      ]),
    )
    this.table(
      ['asset', 'network', 'network_id', 'deposit_enabled', 'withdraw_enabled'],
      response.assets.flatMap((asset) =>
        asset.networks.map((n) => [asset.code, n.network, n.id, n.deposit_enabled, n.withdraw_enabled]),
      ),
    )
    return response
  }
}
