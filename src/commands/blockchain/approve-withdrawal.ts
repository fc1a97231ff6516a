import {Flags} from '@oclif/core'
import {AdminCommand, yesFlag} from '../../cli/admin-command.js'

export default class BlockchainApproveWithdrawal extends AdminCommand {
  static override summary =
    'Approve a large withdrawal waiting in pending: it is signed and sent (BlockchainService.ApproveWithdrawal).'
  static override examples = [
    '<%= config.bin %> blockchain approve-withdrawal --withdraw-request-id 3c1b...',
    '<%= config.bin %> blockchain approve-withdrawal --withdraw-request-id 3c1b... --yes --json',
  ]

  static override flags = {
    'withdraw-request-id': Flags.string({summary: 'Id of the withdrawal (see `blockchain withdrawals --status pending`).'}),
    yes: yesFlag,
  }

  async run() {
    const {flags} = await this.parse(BlockchainApproveWithdrawal)
    const request = {
      withdraw_request_id: await this.require(flags['withdraw-request-id'], 'withdraw-request-id', 'Withdraw request id'),
    }
    await this.confirm(flags.yes, `approve and send withdrawal ${request.withdraw_request_id}`)
    const response = await this.call('BlockchainService', 'ApproveWithdrawal', request)
    if (response.withdrawal) this.details(response.withdrawal)
    return response
  }
}
