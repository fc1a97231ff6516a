import {Flags} from '@oclif/core'
import {pageFlags, pageOf} from '../../cli/admin-command.js'
import {AccountCommand, accountFlags, accountOf} from '../../cli/account-command.js'

export default class AccountsTransactions extends AccountCommand {
  static override summary = "List the ledger entries of an account's balance accounts (AccountsService.ListTransactions)."
  static override examples = [
    '<%= config.bin %> accounts transactions --email alice@example.com',
    '<%= config.bin %> accounts transactions --email alice@example.com --asset USDT --type manual_topup --limit 20 --offset 40',
    '<%= config.bin %> accounts transactions --email alice@example.com --start-time 2026-11-01T00:00:00.000Z --json',
  ]

  static override flags = {
    ...accountFlags,
    asset: Flags.string({summary: 'Only entries of this asset.'}),
    type: Flags.string({
      summary: 'Only this ledger transaction type (manual_topup, manual_withdraw, manual_transfer, trade, ...).',
    }),
    'start-time': Flags.string({summary: 'Only entries created at or after this ISO 8601 time.'}),
    'end-time': Flags.string({summary: 'Only entries created before this ISO 8601 time.'}),
    ...pageFlags,
  }

  async run() {
    const {flags} = await this.parse(AccountsTransactions)
    const request = {
      email: await this.accountEmail(accountOf(flags)),
      asset: flags.asset ?? '',
      type: flags.type ?? '',
      start_time: flags['start-time'] ?? '',
      end_time: flags['end-time'] ?? '',
      page: pageOf(flags),
    }
    const response = await this.list('AccountsService', 'ListTransactions', request, 'transactions', [
      'id',
      'type',
      'asset',
      'amount',
      'bucket',
      'balance_account_id',
      'reference_id',
      'reason',
      'created_at',
    ])
    this.pageCount(response.transactions, response.page)
    return response
  }
}
