import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class AccountsCreate extends AdminCommand {
  static override summary =
    'Create an account with funding and trading balance accounts on the default tier (AccountsService.CreateAccount).'
  static override examples = ['<%= config.bin %> accounts create --email alice@example.com --password "correct horse battery"']

  static override flags = {
    email: Flags.string({summary: 'E-mail of the account.'}),
    password: Flags.string({summary: 'Password (at least 8 characters); asked for when omitted on a terminal.'}),
  }

  async run() {
    const {flags} = await this.parse(AccountsCreate)
    const email = await this.require(flags.email, 'email', 'E-mail')
    const password = await this.require(flags.password, 'password', 'Password', {password: true})
    return this.show('AccountsService', 'CreateAccount', {email, password})
  }
}
