import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class BlockchainWithdrawStatus extends AdminCommand {
  static override summary =
    'Show the status and transaction hash of a blockchain withdrawal (BlockchainService.GetWithdrawRequestStatus).'
  static override examples = ['<%= config.bin %> blockchain withdraw-status --withdraw-request-id 3c1b...']

  static override flags = {
    'withdraw-request-id': Flags.string({summary: 'Id returned by `blockchain withdraw`.'}),
  }

  async run() {
    const {flags} = await this.parse(BlockchainWithdrawStatus)
    const request = {
      withdraw_request_id: await this.require(flags['withdraw-request-id'], 'withdraw-request-id', 'Withdraw request id'),
    }
    return this.show('BlockchainService', 'GetWithdrawRequestStatus', request)
  }
}
