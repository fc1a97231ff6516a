import {AccountCommand, accountFlags, accountOf} from '../../cli/account-command.js'

export default class AccountsDetails extends AccountCommand {
  static override summary = "Show an account's id, tier, balance accounts, status and flags (AccountsService.GetAccountDetails)."
  static override examples = [
    '<%= config.bin %> accounts details --email alice@example.com',
    '<%= config.bin %> accounts details --email alice@example.com --json',
  ]

  static override flags = {
    ...accountFlags,
  }

  async run() {
    const {flags} = await this.parse(AccountsDetails)
    const email = await this.accountEmail(accountOf(flags))
    return this.show('AccountsService', 'GetAccountDetails', {email})
  }
}
