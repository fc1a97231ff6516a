import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'
import {networkSettingFlags, networkSettings} from '../../cli/network-flags.js'

export default class AssetsAddNetwork extends AdminCommand {
  static override summary = 'Add a network an asset can be deposited and withdrawn on (AssetsService.AddAssetNetwork).'
  static override examples = [
    '<%= config.bin %> assets add-network --asset USDT --network bsc',
    '<%= config.bin %> assets add-network --asset USDT --network bsc --no-withdraw-enabled --json',
    '<%= config.bin %> assets add-network --asset USDC --network eth --contract-address 0xA0b8... --confirmations 12 --min-deposit 1 --withdraw-fee 2 --min-withdraw 10 --large-withdrawal 50000',
  ]

  static override flags = {
    asset: Flags.string({summary: 'Asset code.'}),
    network: Flags.string({summary: 'Network name, lower case (btc, eth, tron, ...).'}),
    'deposit-enabled': Flags.boolean({allowNo: true, default: true, summary: 'Accept deposits on this network (default: yes).'}),
    'withdraw-enabled': Flags.boolean({
      allowNo: true,
      default: true,
      summary: 'Allow withdrawals on this network (default: yes).',
    }),
    ...networkSettingFlags,
  }

  async run() {
    const {flags} = await this.parse(AssetsAddNetwork)
    const request = {
      asset: await this.require(flags.asset, 'asset', 'Asset code'),
      network: await this.require(flags.network, 'network', 'Network name'),
      deposit_enabled: flags['deposit-enabled'],
      withdraw_enabled: flags['withdraw-enabled'],
      ...networkSettings(flags),
    }
    return this.show('AssetsService', 'AddAssetNetwork', request)
  }
}
