import type {OutboxServiceHandlers} from '../generated/exchange/admin/v1/OutboxService.js'
import type {AdminContext} from '../context.js'

/** The e-mail/SMS outbox: what is kept for the operator (no transport) and the delivery record, newest first. */
export const outboxHandlers = (ctx: AdminContext): OutboxServiceHandlers => ({
  ListOutbox: ctx.unary('ListOutbox', (req) => ({
    messages: ctx.services.outbox.list({channel: req.channel, to: req.to, limit: req.limit}).map((message) => ({
      id: message.id,
      channel: message.channel,
      to: message.to,
      subject: message.subject,
      body: message.body,
      code: message.code,
      status: message.status,
      created_at: message.createdAt,
    })),
  })),
})
