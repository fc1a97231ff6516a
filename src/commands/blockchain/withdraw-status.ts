import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

type Response = {status: string; tx_hash: string}

export default class BlockchainWithdrawStatus extends AdminCommand {
  static override summary =
    'Show the status and transaction hash of a blockchain withdrawal (BlockchainService.GetWithdrawRequestStatus).'
  static override examples = ['<%= config.bin %> blockchain withdraw-status --withdraw-request-id 3c1b...']

  static override flags = {
    'withdraw-request-id': Flags.string({summary: 'Id returned by `blockchain withdraw`.'}),
  }

  async run(): Promise<Response> {
    const {flags} = await this.parse(BlockchainWithdrawStatus)
    const request = {
      withdraw_request_id: await this.require(flags['withdraw-request-id'], 'withdraw-request-id', 'Withdraw request id'),
    }
    const response = await this.call<Response>('BlockchainService', 'GetWithdrawRequestStatus', request)
    this.details(response)
    return response
  }
}
