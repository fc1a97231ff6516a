import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class AccountsDetails extends AdminCommand {
  static override summary = "Show an account's id, tier, balance accounts, status and flags (AccountsService.GetAccountDetails)."
  static override examples = [
    '<%= config.bin %> accounts details --email alice@example.com',
    '<%= config.bin %> accounts details --email alice@example.com --json',
  ]

  static override flags = {
    email: Flags.string({summary: 'E-mail of the account.'}),
  }

  async run() {
    const {flags} = await this.parse(AccountsDetails)
    const email = await this.require(flags.email, 'email', 'E-mail')
    return this.show('AccountsService', 'GetAccountDetails', {email})
  }
}
