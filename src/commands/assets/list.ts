import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'
import {networkSettingColumns} from '../../cli/network-flags.js'

export default class AssetsList extends AdminCommand {
  static override summary = 'List the assets with their state and networks (AssetsService.ListAssets).'
  static override examples = ['<%= config.bin %> assets list', '<%= config.bin %> assets list --include-inactive --json']

  static override flags = {
    'include-inactive': Flags.boolean({default: false, summary: 'Also list deactivated assets.'}),
  }

  async run() {
    const {flags} = await this.parse(AssetsList)
    const request = {include_inactive: flags['include-inactive']}
    const response = await this.list('AssetsService', 'ListAssets', request, 'assets', [
      'code',
      'name',
      'decimals',
      'active',
      ['networks', (asset) => asset.networks.map((n) => n.network).join(', ')],
    ])
    const networks = response.assets.flatMap((asset) => asset.networks.map((network) => ({...network, asset: asset.code})))
    this.table(networks, [
      'asset',
      'network',
      ['network_id', 'id'],
      'deposit_enabled',
      'withdraw_enabled',
      ...networkSettingColumns(),
    ])
    return response
  }
}
