import {Flags} from '@oclif/core'
import {AdminCommand, pageFlags, pageOf} from '../../cli/admin-command.js'

export default class AdminsAudit extends AdminCommand {
  static override summary = 'Read the AdminGateway audit log, newest first (AdminsService.ListAuditLog).'
  static override description =
    'One entry per sign-in attempt and per /rpc call through the AdminGateway: who, role, action (Service/Method or sign_in), ' +
    'the request with secrets redacted, the result (ok, denied, or the error code) and when.'
  static override examples = [
    '<%= config.bin %> admins audit',
    '<%= config.bin %> admins audit --admin-email ops@example.com --limit 20 --offset 20',
    '<%= config.bin %> admins audit --json',
  ]

  static override flags = {
    'admin-email': Flags.string({summary: 'Only entries of this admin e-mail.'}),
    ...pageFlags,
  }

  async run() {
    const {flags} = await this.parse(AdminsAudit)
    const request = {admin_email: flags['admin-email'] ?? '', page: pageOf(flags)}
    const response = await this.list('AdminsService', 'ListAuditLog', request, 'entries', [
      'created_at',
      'admin_email',
      'role',
      'action',
      'result',
      'request',
    ])
    this.pageCount(response.entries, response.page)
    return response
  }
}
