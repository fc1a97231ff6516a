import {Flags} from '@oclif/core'
import {AccountCommand, accountFlags, accountOf} from '../../cli/account-command.js'

export default class AccountsSetStatus extends AccountCommand {
  static override summary = 'Activate, restrict or block an account (AccountsService.ChangeAccountStatus).'
  static override description =
    'restricted refuses order placement and balance transfers; blocked refuses every authenticated call and sign-in.'
  static override examples = [
    '<%= config.bin %> accounts set-status --email alice@example.com --status restricted --status-comment "KYC review"',
    '<%= config.bin %> accounts set-status --email alice@example.com --status active',
  ]

  static override flags = {
    ...accountFlags,
    status: Flags.option({options: ['active', 'restricted', 'blocked'] as const, summary: 'The new status.'})(),
    'status-comment': Flags.string({summary: 'Why; shown in the account details.'}),
  }

  async run() {
    const {flags} = await this.parse(AccountsSetStatus)
    const email = await this.accountEmail(accountOf(flags))
    const status = await this.require(flags.status, 'status', 'Status (active, restricted or blocked)')
    const request = {email, status, status_comment: flags['status-comment'] ?? ''}
    const response = await this.call('AccountsService', 'ChangeAccountStatus', request)
    if (!this.jsonEnabled()) this.log(`status of ${email} set to ${status}`)
    return response
  }
}
