import {AdminCommand} from '../../cli/admin-command.js'

type Admin = {id: string; email: string; role: string; disabled: boolean; is_totp_enabled: boolean; created_at: string}
type Response = {admins: Admin[]}

export default class AdminsList extends AdminCommand {
  static override summary = 'List the administrators with their roles (AdminsService.ListAdmins).'
  static override examples = ['<%= config.bin %> admins list', '<%= config.bin %> admins list --json']

  async run(): Promise<Response> {
    await this.parse(AdminsList)
    const response = await this.call<Response>('AdminsService', 'ListAdmins')
    this.table(
      ['id', 'email', 'role', 'disabled', '2fa', 'created_at'],
      response.admins.map((admin) => [
        admin.id,
        admin.email,
        admin.role,
        admin.disabled ? 'yes' : '',
        admin.is_totp_enabled ? 'on' : '',
        admin.created_at,
      ]),
    )
    return response
  }
}
