import {Flags} from '@oclif/core'
import {AdminCommand, pageFlags, pageOf} from '../../cli/admin-command.js'

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

  async run() {
    const {flags} = await this.parse(BlockchainWithdrawals)
    const request = {
      account_id: flags['account-id'] ?? '',
      status: flags.status ?? '',
      page: pageOf(flags),
    }
    return this.list('BlockchainService', 'ListWithdrawals', request, 'withdrawals', [
      'id',
      'account_id',
      'blockchain',
      'asset',
      'amount',
      'to_address',
      'status',
      'tx_hash',
      'created_at',
    ])
  }
}
