/**
 * Sends e-mail and SMS. A channel with a transport delivers and records `sent` or `failed` in the
 * outbox; a channel without one keeps the message in the outbox (`stored`) for `exchange outbox
 * list`. Logs name the message id, channel and status, never the body (it carries codes).
 */
import type {Logger} from '../ground/logger.js'
import type {Channel, Message, Outbox, OutboxMessage} from './outbox.js'
import type {Transports} from './transports.js'

export class Notifier {
  constructor(
    private readonly outbox: Outbox,
    private readonly transports: Transports,
    private readonly logger: Logger,
  ) {}

  /** Sends one message; resolves with its outbox record, also when delivery failed (status `failed`). */
  send(channel: Channel, to: string, subject: string, body: string): Promise<OutboxMessage> {
    return this.deliver({channel, to, subject, body})
  }

  /** Sends one message (its `code`, if any, is kept with it when it stays in the outbox). */
  async deliver(message: Message): Promise<OutboxMessage> {
    const {channel} = message
    const transport = this.transports[channel]
    if (!transport) {
      const stored = await this.outbox.record(message, 'stored')
      this.logger.info({outbox_id: stored.id, channel, status: stored.status}, 'message kept in the outbox')
      return stored
    }
    try {
      await transport.deliver(message)
    } catch (error) {
      const reason = describe(error)
      const failed = await this.outbox.record(message, 'failed', reason)
      this.logger.warn({outbox_id: failed.id, channel, status: failed.status, reason}, 'message delivery failed')
      return failed
    }
    const sent = await this.outbox.record(message, 'sent')
    this.logger.info({outbox_id: sent.id, channel, status: sent.status}, 'message sent')
    return sent
  }

  /** Sends several messages at once. */
  sendAll(messages: readonly Message[]): Promise<OutboxMessage[]> {
    return Promise.all(messages.map((m) => this.deliver(m)))
  }
}

/** A short, body-free description of a transport error. */
function describe(error: unknown): string {
  const e = error as {code?: unknown; name?: unknown; message?: unknown}
  const code = typeof e?.code === 'string' ? `${e.code}: ` : ''
  const text = typeof e?.message === 'string' ? e.message : String(error)
  return `${code}${text}`.split('\n')[0]!.slice(0, 200)
}
