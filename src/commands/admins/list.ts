import {AdminCommand} from '../../cli/admin-command.js'

export default class AdminsList extends AdminCommand {
  static override summary = 'List the administrators with their roles (AdminsService.ListAdmins).'
  static override examples = ['<%= config.bin %> admins list', '<%= config.bin %> admins list --json']

  async run() {
    await this.parse(AdminsList)
    return this.list('AdminsService', 'ListAdmins', {}, 'admins', [
      'id',
      'email',
      'role',
      ['disabled', (admin) => (admin.disabled ? 'yes' : '')],
      ['2fa', (admin) => (admin.is_totp_enabled ? 'on' : '')],
      'created_at',
    ])
  }
}
