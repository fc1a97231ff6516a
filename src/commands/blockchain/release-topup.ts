import {Flags} from '@oclif/core'
import {AdminCommand, yesFlag} from '../../cli/admin-command.js'

export default class BlockchainReleaseTopup extends AdminCommand {
  static override summary =
    'Release a deposit held by the AML deny-list: it is credited, or waits for its confirmations (BlockchainService.ReleaseTopUp).'
  static override examples = [
    '<%= config.bin %> blockchain release-topup --top-up-id 9d2e...',
    '<%= config.bin %> blockchain release-topup --top-up-id 9d2e... --yes --json',
  ]

  static override flags = {
    'top-up-id': Flags.string({summary: 'Id of the held deposit (see `blockchain all-topups --status held`).'}),
    yes: yesFlag,
  }

  async run() {
    const {flags} = await this.parse(BlockchainReleaseTopup)
    const request = {top_up_id: await this.require(flags['top-up-id'], 'top-up-id', 'Top-up id')}
    await this.confirm(flags.yes, `release held deposit ${request.top_up_id} to its account`)
    const response = await this.call('BlockchainService', 'ReleaseTopUp', request)
    if (response.topup) this.details(response.topup)
    return response
  }
}
