import {Flags} from '@oclif/core'
import {accountFlagsOf, accountOf} from '../../../cli/account-command.js'
import {ORDER_STATUSES, orderColumns, P2PCommand} from '../../../cli/p2p-command.js'

export default class P2POrdersList extends P2PCommand {
  static override summary = 'List P2P orders, newest first, of one account or all (P2PService.ListP2POrders).'
  static override examples = [
    '<%= config.bin %> p2p orders list --status DISPUTE_DECISION_AWAITING',
    '<%= config.bin %> p2p orders list --email alice@example.com',
    '<%= config.bin %> p2p orders list --account-id 5f0c... --limit 20 --json',
  ]

  static override flags = {
    status: Flags.option({options: ORDER_STATUSES, summary: 'Only orders in this status.'})(),
    ...accountFlagsOf('', 'the buyer or the seller whose orders to list (default: all accounts)'),
    limit: Flags.integer({min: 1, max: 200, summary: 'Page size (default 100, maximum 200).'}),
    offset: Flags.integer({min: 0, summary: 'Orders to skip.'}),
  }

  async run() {
    const {flags} = await this.parse(P2POrdersList)
    const account = accountOf(flags)
    const request = {
      status: flags.status ?? '',
      // Optional here: an e-mail is turned into the id the RPC filters by; neither lists every account.
      account_id: account.email || account.id ? await this.accountId(account) : '',
      limit: flags.limit ?? 0,
      offset: flags.offset ?? 0,
    }
    return this.list('P2PService', 'ListP2POrders', request, 'orders', orderColumns)
  }
}
