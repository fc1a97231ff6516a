import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class AccountsBalances extends AdminCommand {
  static override summary = "Show an account's funding and trading balances per asset (AccountsService.GetBalances)."
  static override examples = [
    '<%= config.bin %> accounts balances --email alice@example.com',
    '<%= config.bin %> accounts balances --email alice@example.com --json',
  ]

  static override flags = {
    email: Flags.string({summary: 'E-mail of the account.'}),
  }

  async run() {
    const {flags} = await this.parse(AccountsBalances)
    const email = await this.require(flags.email, 'email', 'E-mail')
    return this.list('AccountsService', 'GetBalances', {email}, 'balances', [
      'asset',
      'account_type',
      'available',
      'locked',
      'amount',
      'balance_account_id',
    ])
  }
}
