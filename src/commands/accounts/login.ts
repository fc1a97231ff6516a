import {Flags} from '@oclif/core'
import {AccountCommand, accountFlags, accountOf} from '../../cli/account-command.js'

export default class AccountsLogin extends AccountCommand {
  static override summary =
    'Sign in as an account and print an exchange JWT for the public REST API (AccountsService.LoginAccount).'
  static override examples = [
    '<%= config.bin %> accounts login --email alice@example.com',
    '<%= config.bin %> accounts login --email alice@example.com --password "correct horse battery" --json',
  ]

  static override flags = {
    ...accountFlags,
    password: Flags.string({summary: 'Password; asked for when omitted on a terminal.'}),
  }

  async run() {
    const {flags} = await this.parse(AccountsLogin)
    const email = await this.accountEmail(accountOf(flags))
    const password = await this.require(flags.password, 'password', 'Password', {password: true})
    return this.show('AccountsService', 'LoginAccount', {email, password})
  }
}
