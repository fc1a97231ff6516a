import type {OutboxServiceHandlers} from '../generated/exchange/admin/v1/OutboxService.js'
import type {AdminContext} from '../context.js'
import {unimplemented} from './unimplemented.js'

/** The e-mail/SMS outbox (account-flows issue). */
export const outboxHandlers = (ctx: AdminContext): OutboxServiceHandlers => ({
  ListOutbox: unimplemented(ctx, 'ListOutbox'),
})
