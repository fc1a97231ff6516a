import {Flags} from '@oclif/core'
import {AdminCommand, pageFlags, pageOf, type Column} from '../../cli/admin-command.js'
import type {TopUp__Output} from '../../node/admin/generated/exchange/admin/v1/TopUp.js'

/** The columns of a deposit after its id (and, listing every account's, its account id). */
export const topUpColumns: Column<TopUp__Output>[] = ['blockchain', 'asset', 'amount', 'status', 'tx_hash', 'detected_at']

export default class BlockchainTopups extends AdminCommand {
  static override summary = "List an account's blockchain deposits (BlockchainService.ListTopUps)."
  static override examples = ['<%= config.bin %> blockchain topups --account-id 5f0c... --limit 20']

  static override flags = {
    'account-id': Flags.string({summary: 'Account id.'}),
    ...pageFlags,
  }

  async run() {
    const {flags} = await this.parse(BlockchainTopups)
    const request = {
      account_id: await this.require(flags['account-id'], 'account-id', 'Account id'),
      page: pageOf(flags),
    }
    return this.list('BlockchainService', 'ListTopUps', request, 'topups', ['id', ...topUpColumns])
  }
}
