import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'
import {ADMIN_ROLES} from '../../node/admins/roles.js'

export default class AdminsSetRole extends AdminCommand {
  static override summary = "Change an administrator's role (AdminsService.SetAdminRole)."
  static override description =
    "Tokens issued under the old role stop working; the admin signs in again. The last active superadmin can't be demoted."
  static override examples = ['<%= config.bin %> admins set-role --email ops@example.com --role auditor']

  static override flags = {
    email: Flags.string({summary: 'E-mail of the admin.'}),
    role: Flags.option({options: ADMIN_ROLES, summary: 'The new role.'})(),
  }

  async run() {
    const {flags} = await this.parse(AdminsSetRole)
    const email = await this.require(flags.email, 'email', 'E-mail')
    const role = await this.require(flags.role, 'role', `Role (${ADMIN_ROLES.join(', ')})`)
    const response = await this.call('AdminsService', 'SetAdminRole', {email, role})
    if (!this.jsonEnabled()) this.log(`role of ${email} set to ${role}`)
    return response
  }
}
