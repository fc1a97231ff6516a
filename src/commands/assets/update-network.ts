import {Errors, Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'
import {networkSettingFlags, networkSettings} from '../../cli/network-flags.js'

export default class AssetsUpdateNetwork extends AdminCommand {
  static override summary =
    'Change an asset network: deposits and withdrawals on or off, and its chain settings; a flag not given keeps its value (AssetsService.UpdateAssetNetwork).'
  static override examples = [
    '<%= config.bin %> assets update-network --network-id 5f0c... --no-withdraw-enabled',
    '<%= config.bin %> assets update-network --network-id 5f0c... --deposit-enabled --withdraw-enabled',
    '<%= config.bin %> assets update-network --network-id 5f0c... --withdraw-fee 1.5 --large-withdrawal 100000',
  ]

  static override flags = {
    'network-id': Flags.string({summary: 'Network id (see info networks or assets list).'}),
    'deposit-enabled': Flags.boolean({
      allowNo: true,
      summary: 'Enable (--deposit-enabled) or disable (--no-deposit-enabled) deposits; omitted keeps the current value.',
    }),
    'withdraw-enabled': Flags.boolean({
      allowNo: true,
      summary: 'Enable (--withdraw-enabled) or disable (--no-withdraw-enabled) withdrawals; omitted keeps the current value.',
    }),
    ...networkSettingFlags,
  }

  async run() {
    const {flags} = await this.parse(AssetsUpdateNetwork)
    const networkId = await this.require(flags['network-id'], 'network-id', 'Network id')
    const deposit = flags['deposit-enabled']
    const withdraw = flags['withdraw-enabled']
    const settings = networkSettings(flags)
    if (deposit === undefined && withdraw === undefined && Object.keys(settings).length === 0) {
      throw new Errors.CLIError(
        'nothing to change: give --[no-]deposit-enabled, --[no-]withdraw-enabled or a chain setting (--confirmations, --withdraw-fee, ...)',
        {exit: 2},
      )
    }
    // The proto fields are `optional`: a field left out of the request keeps the stored value.
    const request = {
      network_id: networkId,
      ...(deposit === undefined ? {} : {deposit_enabled: deposit}),
      ...(withdraw === undefined ? {} : {withdraw_enabled: withdraw}),
      ...settings,
    }
    return this.show('AssetsService', 'UpdateAssetNetwork', request)
  }
}
