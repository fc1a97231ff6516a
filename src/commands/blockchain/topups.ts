import {Flags} from '@oclif/core'
import {pageFlags, pageOf, type Column} from '../../cli/admin-command.js'
import {AccountCommand, accountFlags, accountOf} from '../../cli/account-command.js'
import type {TopUp__Output} from '../../node/admin/generated/exchange/admin/v1/TopUp.js'

/** The columns of a deposit after its id (and, listing every account's, its account id). */
export const topUpColumns: Column<TopUp__Output>[] = ['blockchain', 'asset', 'amount', 'status', 'tx_hash', 'detected_at']

/** The statuses a deposit can be in (docs/blockchain.md "Deposits"). */
export const topUpStatuses = ['pending', 'confirmed', 'orphaned', 'held', 'ignored'] as const

export default class BlockchainTopups extends AccountCommand {
  static override summary = "List an account's blockchain deposits (BlockchainService.ListTopUps)."
  static override examples = [
    '<%= config.bin %> blockchain topups --account-id 5f0c... --limit 20',
    '<%= config.bin %> blockchain topups --account-id 5f0c... --blockchain eth --status pending',
  ]

  static override flags = {
    ...accountFlags,
    blockchain: Flags.option({options: ['btc', 'eth', 'tron'] as const, summary: 'Only deposits on this chain.'})(),
    status: Flags.option({options: topUpStatuses, summary: 'Only deposits in this status.'})(),
    ...pageFlags,
  }

  async run() {
    const {flags} = await this.parse(BlockchainTopups)
    const request = {
      account_id: await this.accountId(accountOf(flags)),
      blockchain: flags.blockchain ?? '',
      status: flags.status ?? '',
      page: pageOf(flags),
    }
    return this.list('BlockchainService', 'ListTopUps', request, 'topups', ['id', ...topUpColumns])
  }
}
