/** The outbox table: messages kept for an operator (no transport) and the delivery record of the others. */
import {randomUUID} from 'node:crypto'
import type {Db} from '../store/database.js'
import {invalid} from '../ground/errors.js'
import {nowIso} from '../ground/time.js'
import {optionalOneOf, optionalString} from '../ground/validate.js'

export const CHANNELS = ['email', 'sms'] as const
export type Channel = (typeof CHANNELS)[number]

/** `stored`: kept here for an operator; `sent`: handed to the transport; `failed`: the transport refused it. */
export type OutboxStatus = 'stored' | 'sent' | 'failed'

/** What a module asks to send. `code`: the verification code the body carries, if any (kept as a field of the outbox row). */
export type Message = {channel: Channel; to: string; subject: string; body: string; code?: string}

export type OutboxMessage = Message & {
  id: string
  /** The verification code the message carries ('' when none, or when the message was delivered). */
  code: string
  status: OutboxStatus
  /** Why a delivery failed (transport error, never the body). */
  error: string
  createdAt: string
}

type OutboxRow = {
  id: string
  channel: Channel
  recipient: string
  subject: string
  body: string
  code: string
  status: OutboxStatus
  error: string
  created_at: string
}

const toMessage = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  channel: row.channel,
  to: row.recipient,
  subject: row.subject,
  body: row.body,
  code: row.code,
  status: row.status,
  error: row.error,
  createdAt: row.created_at,
})

export const DEFAULT_LIST_LIMIT = 50
export const MAX_LIST_LIMIT = 500

export class Outbox {
  constructor(private readonly db: Db) {}

  /** Records a message; the body and the code are kept only when the message stays here (`stored`). */
  record(message: Message, status: OutboxStatus, error = ''): OutboxMessage {
    const id = randomUUID()
    const kept = status === 'stored'
    this.db
      .prepare(
        `INSERT INTO outbox (id, channel, recipient, subject, body, code, status, error, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        message.channel,
        message.to,
        message.subject,
        kept ? message.body : '',
        kept ? (message.code ?? '') : '',
        status,
        error,
        nowIso(),
      )
    return toMessage(this.db.prepare<[string], OutboxRow>('SELECT * FROM outbox WHERE id = ?').get(id)!)
  }

  /** Newest first; `limit` defaults to 50, at most 500. */
  list(filter: {channel?: unknown; to?: unknown; limit?: unknown} = {}): OutboxMessage[] {
    const channel = optionalOneOf(filter.channel, CHANNELS, 'channel')
    const to = optionalString(filter.to, 'to', 254)
    const limit = filter.limit ?? 0
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0) throw invalid('limit must be a non-negative integer')
    if (limit > MAX_LIST_LIMIT) throw invalid(`limit must be at most ${MAX_LIST_LIMIT}`)
    return this.db
      .prepare<{channel: string | null; to: string | null; limit: number}, OutboxRow>(
        `SELECT * FROM outbox
         WHERE (@channel IS NULL OR channel = @channel) AND (@to IS NULL OR recipient = @to COLLATE NOCASE)
         ORDER BY seq DESC LIMIT @limit`,
      )
      .all({channel: channel ?? null, to: to ?? null, limit: limit || DEFAULT_LIST_LIMIT})
      .map(toMessage)
  }
}
