import {Args, Flags} from '@oclif/core'
import {AdminCommand} from '../../../cli/admin-command.js'

export default class AmlDenyListAdd extends AdminCommand {
  static override summary =
    'Add a source address to the AML deny-list: its deposits are held for review (BlockchainService.AddDenyListAddress).'
  static override examples = [
    '<%= config.bin %> aml deny-list add bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh --reason "sanctions list"',
    '<%= config.bin %> aml deny-list add 0x8576acc5c05d6ce88f4e49bf65bdf0c62f91353c --json',
  ]

  static override args = {
    address: Args.string({description: 'Address on any chain (btc, eth or tron).', required: true}),
  }

  static override flags = {
    reason: Flags.string({summary: 'Why it is listed.'}),
  }

  async run() {
    const {args, flags} = await this.parse(AmlDenyListAdd)
    const response = await this.call('BlockchainService', 'AddDenyListAddress', {
      address: args.address,
      reason: flags.reason ?? '',
    })
    if (response.entry) this.details(response.entry)
    return response
  }
}
