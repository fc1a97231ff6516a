import {Errors, Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class AssetsUpdateNetwork extends AdminCommand {
  static override summary =
    "Enable or disable deposits and/or withdrawals on an asset's network; a flag not given keeps its value (AssetsService.UpdateAssetNetwork)."
  static override examples = [
    '<%= config.bin %> assets update-network --network-id 5f0c... --no-withdraw-enabled',
    '<%= config.bin %> assets update-network --network-id 5f0c... --deposit-enabled --withdraw-enabled',
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
  }

  async run() {
    const {flags} = await this.parse(AssetsUpdateNetwork)
    const networkId = await this.require(flags['network-id'], 'network-id', 'Network id')
    const deposit = flags['deposit-enabled']
    const withdraw = flags['withdraw-enabled']
    if (deposit === undefined && withdraw === undefined) {
      throw new Errors.CLIError('nothing to change: give --[no-]deposit-enabled and/or --[no-]withdraw-enabled', {exit: 2})
    }
    // The proto fields are `optional bool`: a field left out of the request keeps the stored value.
    const request = {
      network_id: networkId,
      ...(deposit === undefined ? {} : {deposit_enabled: deposit}),
      ...(withdraw === undefined ? {} : {withdraw_enabled: withdraw}),
    }
    return this.show('AssetsService', 'UpdateAssetNetwork', request)
  }
}
