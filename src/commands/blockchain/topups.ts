import {Flags} from '@oclif/core'
import {AdminCommand, pageFlags, pageOf} from '../../cli/admin-command.js'

type TopUp = {
  id: string
  account_id: string
  blockchain: string
  asset: string
  amount: string
  tx_hash: string
  status: string
  detected_at: string
}
type Response = {topups: TopUp[]; page: {total: number}}

export default class BlockchainTopups extends AdminCommand {
  static override summary = "List an account's blockchain deposits (BlockchainService.ListTopUps)."
  static override examples = ['<%= config.bin %> blockchain topups --account-id 5f0c... --limit 20']

  static override flags = {
    'account-id': Flags.string({summary: 'Account id.'}),
    ...pageFlags,
  }

  async run(): Promise<Response> {
    const {flags} = await this.parse(BlockchainTopups)
    const request = {
      account_id: await this.require(flags['account-id'], 'account-id', 'Account id'),
      page: pageOf(flags),
    }
    const response = await this.call<Response>('BlockchainService', 'ListTopUps', request)
    this.table(
      ['id', 'blockchain', 'asset', 'amount', 'status', 'tx_hash', 'detected_at'],
      response.topups.map((t) => [t.id, t.blockchain, t.asset, t.amount, t.status, t.tx_hash, t.detected_at]),
    )
    return response
  }
}
