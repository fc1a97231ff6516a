import {Flags} from '@oclif/core'
import {ORDER_STATUSES, orderColumns, P2PCommand} from '../../../cli/p2p-command.js'

export default class P2POrdersList extends P2PCommand {
  static override summary = 'List P2P orders, newest first, of one account or all (P2PService.ListP2POrders).'
  static override examples = [
    '<%= config.bin %> p2p orders list --status DISPUTE_DECISION_AWAITING',
    '<%= config.bin %> p2p orders list --account-id 5f0c... --limit 20 --json',
  ]

  static override flags = {
    status: Flags.option({options: ORDER_STATUSES, summary: 'Only orders in this status.'})(),
    'account-id': Flags.string({summary: 'Only orders where this account is the buyer or the seller.'}),
    limit: Flags.integer({min: 1, max: 200, summary: 'Page size (default 100, maximum 200).'}),
    offset: Flags.integer({min: 0, summary: 'Orders to skip.'}),
  }

  async run() {
    const {flags} = await this.parse(P2POrdersList)
    const request = {
      status: flags.status ?? '',
      account_id: flags['account-id'] ?? '',
      limit: flags.limit ?? 0,
      offset: flags.offset ?? 0,
    }
    return this.list('P2PService', 'ListP2POrders', request, 'orders', orderColumns)
  }
}
