import {Flags} from '@oclif/core'
import {AdminCommand, pageFlags, pageOf} from '../../cli/admin-command.js'

type Withdrawal = {
  id: string
  account_id: string
  blockchain: string
  asset: string
  amount: string
  to_address: string
  tx_hash: string
  status: string
  created_at: string
}
type Response = {withdrawals: Withdrawal[]; page: {total: number}}

export default class BlockchainWithdrawals extends AdminCommand {
  static override summary = 'List blockchain withdrawals, of one account or all (BlockchainService.ListWithdrawals).'
  static override examples = [
    '<%= config.bin %> blockchain withdrawals --status pending',
    '<%= config.bin %> blockchain withdrawals --account-id 5f0c... --json',
  ]

  static override flags = {
    'account-id': Flags.string({summary: 'Only withdrawals of this account (default: all accounts).'}),
    status: Flags.option({
      options: ['pending', 'processing', 'broadcast', 'confirmed', 'failed'] as const,
      summary: 'Only withdrawals in this status.',
    })(),
    ...pageFlags,
  }

  async run(): Promise<Response> {
    const {flags} = await this.parse(BlockchainWithdrawals)
    const request = {
      account_id: flags['account-id'] ?? '',
      status: flags.status ?? '',
      page: pageOf(flags),
    }
    const response = await this.call<Response>('BlockchainService', 'ListWithdrawals', request)
    this.table(
      ['id', 'account_id', 'blockchain', 'asset', 'amount', 'to_address', 'status', 'tx_hash', 'created_at'],
      response.withdrawals.map((w) => [
        w.id,
        w.account_id,
        w.blockchain,
        w.asset,
        w.amount,
        w.to_address,
        w.status,
        w.tx_hash,
        w.created_at,
      ]),
    )
    return response
  }
}
