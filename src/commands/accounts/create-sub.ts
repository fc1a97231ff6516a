import {Flags} from '@oclif/core'
import {accountFlagsOf, accountOf} from '../../cli/account-command.js'
import {AdminCommand} from '../../cli/admin-command.js'

export default class AccountsCreateSub extends AdminCommand {
  static override summary =
    'Create a sub-account of an account, on its tier, with its own funding and trading balance accounts (AccountsService.CreateSubAccount).'
  static override description =
    'The master is named by --master-email or --master-account-id (exactly one). ' +
    'A sub-account has no password and cannot sign in: its master moves its funds with POST /api/v1/balances/transfer/. ' +
    'A sub-account of a sub-account is refused.'
  static override examples = [
    '<%= config.bin %> accounts create-sub --master-email alice@example.com --email alice-bot@example.com',
    '<%= config.bin %> accounts create-sub --master-account-id 0b6c3d1e-5f7a-4e2b-9c8d-1a2b3c4d5e6f --email alice-bot@example.com',
    '<%= config.bin %> accounts create-sub --master-email alice@example.com --email alice-bot@example.com --json',
  ]

  static override flags = {
    ...accountFlagsOf('master-', 'the master account'),
    email: Flags.string({summary: 'E-mail of the new sub-account (unique among all accounts).'}),
  }

  async run() {
    const {flags} = await this.parse(AccountsCreateSub)
    // The RPC takes the master by either name, so an id needs no look-up here.
    const given = accountOf(flags, 'master-')
    const master = given.id
      ? {master_account_id: given.id}
      : {master_email: await this.require(given.email, 'master-email', 'Master e-mail (or --master-account-id)')}
    const email = await this.require(flags.email, 'email', 'Sub-account e-mail')
    return this.show('AccountsService', 'CreateSubAccount', {...master, email})
  }
}
