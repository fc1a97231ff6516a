import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'
import {networkSettingColumns} from '../../cli/network-flags.js'

export default class InfoNetworks extends AdminCommand {
  static override summary =
    'List the networks each asset moves on, with deposits and withdrawals on or off and their chain settings (InfoService.ListNetworks).'
  static override examples = ['<%= config.bin %> info networks', '<%= config.bin %> info networks --asset USDT --json']

  static override flags = {
    asset: Flags.string({summary: 'Only networks of this asset.'}),
  }

  async run() {
    const {flags} = await this.parse(InfoNetworks)
    return this.list('InfoService', 'ListNetworks', {asset: flags.asset ?? ''}, 'networks', [
      'id',
      'asset',
      'network',
      'deposit_enabled',
      'withdraw_enabled',
      ...networkSettingColumns(),
    ])
  }
}
