import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class AccountsSetStatus extends AdminCommand {
  static override summary = 'Activate, restrict or block an account (AccountsService.ChangeAccountStatus).'
  static override description =
    'restricted refuses order placement and balance transfers; blocked refuses every authenticated call and sign-in.'
  static override examples = [
    '<%= config.bin %> accounts set-status --email alice@example.com --status restricted --status-comment "KYC review"',
    '<%= config.bin %> accounts set-status --email alice@example.com --status active',
  ]

  static override flags = {
    email: Flags.string({summary: 'E-mail of the account.'}),
    status: Flags.option({options: ['active', 'restricted', 'blocked'] as const, summary: 'The new status.'})(),
    'status-comment': Flags.string({summary: 'Why; shown in the account details.'}),
  }

  async run() {
    const {flags} = await this.parse(AccountsSetStatus)
    const email = await this.require(flags.email, 'email', 'E-mail')
    const status = await this.require(flags.status, 'status', 'Status (active, restricted or blocked)')
    const request = {email, status, status_comment: flags['status-comment'] ?? ''}
    const response = await this.call('AccountsService', 'ChangeAccountStatus', request)
    if (!this.jsonEnabled()) this.log(`status of ${email} set to ${status}`)
    return response
  }
}
