import {Flags} from '@oclif/core'
import {AdminCommand} from '../../cli/admin-command.js'

export default class AdminsDisable extends AdminCommand {
  static override summary =
    'Disable an administrator: sign-in is refused and their tokens stop working (AdminsService.DisableAdmin).'
  static override description = "The last active superadmin can't be disabled."
  static override examples = ['<%= config.bin %> admins disable --email ops@example.com']

  static override flags = {
    email: Flags.string({summary: 'E-mail of the admin.'}),
  }

  async run() {
    const {flags} = await this.parse(AdminsDisable)
    const email = await this.require(flags.email, 'email', 'E-mail')
    const response = await this.call('AdminsService', 'DisableAdmin', {email})
    if (!this.jsonEnabled()) this.log(`${email} disabled`)
    return response
  }
}
