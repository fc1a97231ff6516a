import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'
import {ADMIN_ROLES} from '../../node/admins/roles.js'

export default class AdminsCreate extends AdminCommand {
  static override summary = 'Create an administrator of the AdminGateway with a role (AdminsService.CreateAdmin).'
  static override description =
    'Roles: superadmin (everything), operator (accounts, tiers, assets, tickers, alerts, API keys), finance (manual operations, ' +
    'withdrawals, hot wallets), arbitrator (P2P disputes), auditor (read-only calls and the audit log). ' +
    'The first superadmin is made here, or from EXCHANGE_BOOTSTRAP_ADMIN_EMAIL / _PASSWORD on a start with no admin.'
  static override examples = [
    '<%= config.bin %> admins create --email root@example.com --role superadmin   # asks for the password on a terminal',
    '<%= config.bin %> admins create --email ops@example.com --password "long enough secret" --role operator --json',
  ]

  static override flags = {
    email: Flags.string({summary: 'E-mail of the admin (their sign-in name).'}),
    password: Flags.string({summary: 'Password (at least 10 characters, not the e-mail); asked for when omitted on a terminal.'}),
    role: Flags.option({options: ADMIN_ROLES, summary: 'Role of the admin.'})(),
  }

  async run() {
    const {flags} = await this.parse(AdminsCreate)
    const email = await this.require(flags.email, 'email', 'E-mail')
    const password = await this.require(flags.password, 'password', 'Password', {password: true})
    const role = await this.require(flags.role, 'role', `Role (${ADMIN_ROLES.join(', ')})`)
    const response = await this.call('AdminsService', 'CreateAdmin', {email, password, role})
    this.details({id: response.id, email, role})
    return response
  }
}
