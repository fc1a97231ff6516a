import {Flags} from '@oclif/core'
import {AdminCommand, pageFlags, pageOf} from '../../cli/admin-command.js'
import {topUpColumns, topUpStatuses} from './topups.js'

export default class BlockchainAllTopups extends AdminCommand {
  static override summary = 'List the blockchain deposits of every account (BlockchainService.ListAllTopUps).'
  static override examples = [
    '<%= config.bin %> blockchain all-topups --blockchain eth --status pending',
    '<%= config.bin %> blockchain all-topups --status held   # deposits from deny-listed addresses',
    '<%= config.bin %> blockchain all-topups --limit 50 --offset 100 --json',
  ]

  static override flags = {
    blockchain: Flags.option({options: ['btc', 'eth', 'tron'] as const, summary: 'Only deposits on this chain.'})(),
    status: Flags.option({options: topUpStatuses, summary: 'Only deposits in this status.'})(),
    ...pageFlags,
  }

  async run() {
    const {flags} = await this.parse(BlockchainAllTopups)
    const request = {
      blockchain: flags.blockchain ?? '',
      status: flags.status ?? '',
      page: pageOf(flags),
    }
    return this.list('BlockchainService', 'ListAllTopUps', request, 'topups', ['id', 'account_id', ...topUpColumns])
  }
}
