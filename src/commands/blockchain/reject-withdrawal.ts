import {Flags} from '@oclif/core'
import {AdminCommand, yesFlag} from '../../cli/admin-command.js'

export default class BlockchainRejectWithdrawal extends AdminCommand {
  static override summary =
    'Reject a large withdrawal waiting in pending: it fails and its hold is released (BlockchainService.RejectWithdrawal).'
  static override examples = [
    '<%= config.bin %> blockchain reject-withdrawal --withdraw-request-id 3c1b... --reason "destination not verified"',
    '<%= config.bin %> blockchain reject-withdrawal --withdraw-request-id 3c1b... --reason "customer request" --yes --json',
  ]

  static override flags = {
    'withdraw-request-id': Flags.string({summary: 'Id of the withdrawal (see `blockchain withdrawals --status pending`).'}),
    reason: Flags.string({summary: 'Why; recorded as the withdrawal failure.'}),
    yes: yesFlag,
  }

  async run() {
    const {flags} = await this.parse(BlockchainRejectWithdrawal)
    const request = {
      withdraw_request_id: await this.require(flags['withdraw-request-id'], 'withdraw-request-id', 'Withdraw request id'),
      reason: await this.require(flags.reason, 'reason', 'Reason'),
    }
    await this.confirm(flags.yes, `reject withdrawal ${request.withdraw_request_id} and release its hold`)
    const response = await this.call('BlockchainService', 'RejectWithdrawal', request)
    if (response.withdrawal) this.details(response.withdrawal)
    return response
  }
}
