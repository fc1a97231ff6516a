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

export default class BlockchainAllTopups extends AdminCommand {
  static override summary = 'List the blockchain deposits of every account (BlockchainService.ListAllTopUps).'
  static override examples = [
    '<%= config.bin %> blockchain all-topups --blockchain eth --status pending',
    '<%= config.bin %> blockchain all-topups --limit 50 --offset 100 --json',
  ]

  static override flags = {
    blockchain: Flags.option({options: ['btc', 'eth', 'tron'] as const, summary: 'Only deposits on this chain.'})(),
    status: Flags.string({summary: 'Only deposits in this status.'}),
    ...pageFlags,
  }

  async run(): Promise<Response> {
    const {flags} = await this.parse(BlockchainAllTopups)
    const request = {
      blockchain: flags.blockchain ?? '',
      status: flags.status ?? '',
      page: pageOf(flags),
    }
    const response = await this.call<Response>('BlockchainService', 'ListAllTopUps', request)
    this.table(
      ['id', 'account_id', 'blockchain', 'asset', 'amount', 'status', 'tx_hash', 'detected_at'],
      response.topups.map((t) => [t.id, t.account_id, t.blockchain, t.asset, t.amount, t.status, t.tx_hash, t.detected_at]),
    )
    return response
  }
}
