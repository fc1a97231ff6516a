import {Flags} from '@oclif/core'
import {AdminCommand, pageFlags, pageOf} from '../../cli/admin-command.js'
import {tableFlags} from '../../cli/table.js'

export default class AccountsList extends AdminCommand {
  static override summary = 'List accounts, newest first, found by e-mail and status (AccountsService.ListAccounts).'
  static override examples = [
    '<%= config.bin %> accounts list',
    '<%= config.bin %> accounts list --query @example.com --status restricted',
    '<%= config.bin %> accounts list --limit 50 --offset 100 --csv',
  ]

  static override flags = {
    query: Flags.string({char: 'q', summary: 'Only accounts whose e-mail contains this text (any case).'}),
    status: Flags.option({options: ['active', 'restricted', 'blocked'] as const, summary: 'Only accounts in this status.'})(),
    ...pageFlags,
    ...tableFlags,
  }

  async run() {
    const {flags} = await this.parse(AccountsList)
    const request = {query: flags.query ?? '', status: flags.status ?? '', page: pageOf(flags)}
    const response = await this.list('AccountsService', 'ListAccounts', request, 'accounts', [
      'id',
      'email',
      'status',
      ['vip', (account) => (account.is_vip ? 'yes' : '')],
      'tier_id',
      'created_at',
    ])
    this.pageCount(response.accounts, response.page)
    return response
  }
}
