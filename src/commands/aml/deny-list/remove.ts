import {Args} from '@oclif/core'
import {AdminCommand} from '../../../cli/admin-command.js'

export default class AmlDenyListRemove extends AdminCommand {
  static override summary = 'Remove an address from the AML deny-list (BlockchainService.RemoveDenyListAddress).'
  static override examples = ['<%= config.bin %> aml deny-list remove bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh']

  static override args = {
    address: Args.string({description: 'A listed address.', required: true}),
  }

  async run() {
    const {args} = await this.parse(AmlDenyListRemove)
    const response = await this.call('BlockchainService', 'RemoveDenyListAddress', {address: args.address})
    if (!this.jsonEnabled()) this.log(`${args.address} removed from the deny-list`)
    return response
  }
}
