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
    const response = await this.call('AccountsService', 'ListAccounts', request)
    if (this.jsonEnabled()) return response
    // A person reads the tier's name; --json keeps the RPC's tier_id.
    const {tiers} = await this.call('InfoService', 'ListTiers', {})
    const tierNames = new Map(tiers.map((tier) => [tier.id, tier.name]))
    this.table(response.accounts, [
      'id',
      'email',
      'status',
      ['vip', (account) => (account.is_vip ? 'yes' : '')],
      ['tier', (account) => tierNames.get(account.tier_id) ?? account.tier_id],
      'created_at',
    ])
    this.pageCount(response.accounts, response.page)
    return response
  }
}
