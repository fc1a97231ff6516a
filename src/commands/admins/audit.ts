import {Flags} from '@oclif/core'
import {AdminCommand, pageFlags, pageOf} from '../../cli/admin-command.js'

type Entry = {
  id: string
  admin_id: string
  admin_email: string
  role: string
  action: string
  request: string
  result: string
  created_at: string
}
type Response = {entries: Entry[]; page: {total: number}}

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

  async run(): Promise<Response> {
    const {flags} = await this.parse(AdminsAudit)
    const response = await this.call<Response>('AdminsService', 'ListAuditLog', {
      admin_email: flags['admin-email'] ?? '',
      page: pageOf(flags),
    })
    this.table(
      ['created_at', 'admin_email', 'role', 'action', 'result', 'request'],
      response.entries.map((e) => [e.created_at, e.admin_email, e.role, e.action, e.result, e.request]),
    )
    if (!this.jsonEnabled()) this.log(`${response.entries.length} of ${response.page.total}`)
    return response
  }
}
