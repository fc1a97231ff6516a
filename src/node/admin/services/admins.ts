import type {AdminsServiceHandlers} from '../generated/exchange/admin/v1/AdminsService.js'
import type {AdminContext} from '../context.js'
import type {Admin} from '../../admins/admins.js'
import type {AuditEntry} from '../../admins/audit.js'
import {optionalString} from '../../ground/validate.js'

/**
 * Administrator users of the AdminGateway and its audit log. Reached directly by admin-token
 * holders (the CLI: `exchange admins ...`) or through the gateway by a superadmin (auditors may
 * read the audit log). Passwords are never logged.
 */
export function adminsHandlers(ctx: AdminContext): AdminsServiceHandlers {
  const {admins, audit} = ctx.services
  return {
    CreateAdmin: ctx.unary('CreateAdmin', async (req, call) => {
      const admin = await admins.create(req.email, req.password, req.role)
      ctx.logger.info(
        {admin_id: admin.id, email: admin.email, role: admin.role, operator: ctx.operatorOf(call.metadata)},
        'admin created',
      )
      return {id: admin.id}
    }),

    ListAdmins: ctx.unary('ListAdmins', () => ({admins: admins.list().map(toAdminMessage)})),

    SetAdminRole: ctx.unary('SetAdminRole', (req, call) => {
      const admin = admins.setRole(req.email, req.role)
      ctx.logger.info({admin_id: admin.id, role: admin.role, operator: ctx.operatorOf(call.metadata)}, 'admin role changed')
      return {success: true}
    }),

    DisableAdmin: ctx.unary('DisableAdmin', (req, call) => {
      const admin = admins.disable(req.email)
      ctx.logger.info({admin_id: admin.id, operator: ctx.operatorOf(call.metadata)}, 'admin disabled')
      return {success: true}
    }),

    ListAuditLog: ctx.unary('ListAuditLog', (req) => {
      const {entries, total} = audit.list({adminEmail: optionalString(req.admin_email, 'admin_email', 254), page: req.page})
      return {entries: entries.map(toAuditMessage), page: {total}}
    }),
  }
}

const toAdminMessage = (admin: Admin) => ({
  id: admin.id,
  email: admin.email,
  role: admin.role,
  disabled: admin.disabled,
  is_totp_enabled: admin.isTotpEnabled,
  created_at: admin.createdAt,
})

const toAuditMessage = (entry: AuditEntry) => ({
  id: entry.id,
  admin_id: entry.adminId,
  admin_email: entry.adminEmail,
  role: entry.role,
  action: entry.action,
  request: entry.request,
  result: entry.result,
  created_at: entry.createdAt,
})
