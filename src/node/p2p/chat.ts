/**
 * The chat of a P2P order: text, files (jpeg/png/pdf by content, ≤ 5 MiB, stored in the data dir
 * under random names) and the system's message at every transition. Never edited, never deleted
 * (SQLite triggers refuse both).
 */
import fs from 'node:fs'
import path from 'node:path'
import {randomBytes, randomUUID} from 'node:crypto'
import type {Db} from '../store/database.js'
import {absent, ExchangeError, invalid} from '../ground/errors.js'

export const MAX_FILE_BYTES = 5 * 1024 * 1024
export const MAX_TEXT = 2000

export type FileType = 'image/jpeg' | 'image/png' | 'application/pdf'

export type Message = {
  id: string
  orderId: string
  /** An account id, or `system`. */
  sender: string
  kind: 'text' | 'file' | 'system'
  text: string | null
  file: {id: string; name: string; type: FileType; size: number} | null
  createdAt: string
}

type MessageRow = {
  id: string
  order_id: string
  sender: string
  kind: Message['kind']
  text: string | null
  file_id: string | null
  file_name: string | null
  file_type: FileType | null
  file_size: number | null
  stored_name: string | null
  created_at: string
}

const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  orderId: row.order_id,
  sender: row.sender,
  kind: row.kind,
  text: row.text,
  file:
    row.file_id === null
      ? null
      : {id: row.file_id, name: row.file_name ?? 'file', type: row.file_type!, size: row.file_size ?? 0},
  createdAt: row.created_at,
})

/** The type of a file by its first bytes, or undefined for anything but jpeg, png and pdf. */
export function sniff(content: Buffer): FileType | undefined {
  if (content.length >= 8 && content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png'
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'image/jpeg'
  if (content.length >= 5 && content.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf'
  return undefined
}

export class Chat {
  private readonly dir: string

  constructor(
    private readonly db: Db,
    dataDir: string,
  ) {
    this.dir = path.join(dataDir, 'p2p-files')
  }

  text(orderId: string, sender: string, value: unknown, at: string): Message {
    if (typeof value !== 'string' || value.trim() === '') throw invalid('text is required')
    if (value.length > MAX_TEXT) throw invalid(`text is longer than ${MAX_TEXT} characters`)
    return this.insert({orderId, sender, kind: 'text', text: value, at})
  }

  system(orderId: string, text: string, at: string): Message {
    return this.insert({orderId, sender: 'system', kind: 'system', text, at})
  }

  /** Checks and stores a file; the row is written by the caller's transaction. */
  file(orderId: string, sender: string, name: string, content: Buffer, at: string): Message {
    if (content.length === 0) throw invalid('the file is empty')
    if (content.length > MAX_FILE_BYTES) throw new ExchangeError('payload_too_large', 'the file is larger than 5 MiB')
    const type = sniff(content)
    if (!type) throw invalid('only jpeg, png and pdf files are accepted (checked by content)')
    fs.mkdirSync(this.dir, {recursive: true, mode: 0o700})
    const stored = randomBytes(16).toString('hex')
    fs.writeFileSync(path.join(this.dir, stored), content, {mode: 0o600})
    const safeName = name.replace(/[^\w.-]/g, '_').slice(0, 100) || 'file'
    return this.insert({
      orderId,
      sender,
      kind: 'file',
      text: null,
      at,
      file: {name: safeName, type, size: content.length, stored},
    })
  }

  list(orderId: string): Message[] {
    return (this.db.prepare('SELECT * FROM p2p_messages WHERE order_id = ? ORDER BY seq').all(orderId) as MessageRow[]).map(
      toMessage,
    )
  }

  /** The content of a file of an order. */
  read(orderId: string, fileId: string): {name: string; type: FileType; content: Buffer} {
    const row = this.db.prepare('SELECT * FROM p2p_messages WHERE order_id = ? AND file_id = ?').get(orderId, fileId) as
      MessageRow | undefined
    if (!row || row.stored_name === null) throw absent('file', fileId)
    return {name: row.file_name ?? 'file', type: row.file_type!, content: fs.readFileSync(path.join(this.dir, row.stored_name))}
  }

  private insert(message: {
    orderId: string
    sender: string
    kind: Message['kind']
    text: string | null
    at: string
    file?: {name: string; type: FileType; size: number; stored: string}
  }): Message {
    const id = randomUUID()
    const fileId = message.file ? randomUUID() : null
    this.db
      .prepare(
        `INSERT INTO p2p_messages (id, order_id, sender, kind, text, file_id, file_name, file_type, file_size, stored_name, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        message.orderId,
        message.sender,
        message.kind,
        message.text,
        fileId,
        message.file?.name ?? null,
        message.file?.type ?? null,
        message.file?.size ?? null,
        message.file?.stored ?? null,
        message.at,
      )
    return {
      id,
      orderId: message.orderId,
      sender: message.sender,
      kind: message.kind,
      text: message.text,
      file:
        message.file && fileId ? {id: fileId, name: message.file.name, type: message.file.type, size: message.file.size} : null,
      createdAt: message.at,
    }
  }
}
