import type {AdminsServiceHandlers} from '../generated/exchange/admin/v1/AdminsService.js'
import type {AdminContext} from '../context.js'
import {unimplemented} from './unimplemented.js'

/** Administrator users and the audit log (account-flows issue). */
export const adminsHandlers = (ctx: AdminContext): AdminsServiceHandlers => ({
  CreateAdmin: unimplemented(ctx, 'CreateAdmin'),
  ListAdmins: unimplemented(ctx, 'ListAdmins'),
  SetAdminRole: unimplemented(ctx, 'SetAdminRole'),
  DisableAdmin: unimplemented(ctx, 'DisableAdmin'),
  ListAuditLog: unimplemented(ctx, 'ListAuditLog'),
})
