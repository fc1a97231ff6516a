import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class AccountsCreateSub extends AdminCommand {
  static override summary =
    'Create a sub-account of an account, on its tier, with its own funding and trading balance accounts (AccountsService.CreateSubAccount).'
  static override description =
    'A sub-account has no password and cannot sign in: its master moves its funds with POST /api/v1/balances/transfer/. ' +
    'A sub-account of a sub-account is refused.'
  static override examples = [
    '<%= config.bin %> accounts create-sub --master-email alice@example.com --email alice-bot@example.com',
    '<%= config.bin %> accounts create-sub --master-email alice@example.com --email alice-bot@example.com --json',
  ]

  static override flags = {
    'master-email': Flags.string({summary: 'E-mail of the master account.'}),
    email: Flags.string({summary: 'E-mail of the new sub-account (unique among all accounts).'}),
  }

  async run() {
    const {flags} = await this.parse(AccountsCreateSub)
    const masterEmail = await this.require(flags['master-email'], 'master-email', 'Master e-mail')
    const email = await this.require(flags.email, 'email', 'Sub-account e-mail')
    return this.show('AccountsService', 'CreateSubAccount', {master_email: masterEmail, email})
  }
}
