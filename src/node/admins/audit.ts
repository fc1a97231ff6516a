/**
 * The audit log of the AdminGateway: who (admin id, e-mail, role), what (`Service/Method` or a
 * gateway action such as `sign_in`), the request with secrets redacted, the result (`ok`,
 * `denied`, or the error code) and when. Append-only (the table refuses UPDATE and DELETE).
 */
import {randomUUID} from 'node:crypto'
import type {Db} from '../store/database.js'
import {nowIso} from '../ground/time.js'
import {page} from '../ground/validate.js'

/** Field names whose values never reach the audit log, at any depth of the request. */
export const SECRET_FIELDS = new Set([
  'password',
  'new_password',
  'api_secret',
  'secret',
  'token',
  'access_token',
  'refresh_token',
  '2fa_code',
  'totp_code',
  'email_code',
  'sms_code',
])

export const REDACTED = '[redacted]'

/** Longest request JSON kept per entry; longer ones are cut and marked. */
const MAX_REQUEST_CHARS = 8 * 1024

export type AuditRecord = {
  adminId?: string
  adminEmail?: string
  role?: string
  action: string
  request: unknown
  result: string
  ip?: string
}

export type AuditEntry = {
  id: string
  adminId: string
  adminEmail: string
  role: string
  action: string
  request: string
  result: string
  ip: string
  createdAt: string
}

type AuditRow = {
  id: string
  admin_id: string
  admin_email: string
  role: string
  action: string
  request: string
  result: string
  ip: string
  created_at: string
}

/** A copy of `value` with every secret field replaced by "[redacted]". */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, SECRET_FIELDS.has(key.toLowerCase()) ? REDACTED : redact(item)]),
  )
}

function requestJson(request: unknown): string {
  const text = JSON.stringify(redact(request ?? {})) ?? '{}'
  return text.length > MAX_REQUEST_CHARS ? `${text.slice(0, MAX_REQUEST_CHARS)}…[truncated]` : text
}

export class AuditLog {
  constructor(private readonly db: Db) {}

  record(entry: AuditRecord): AuditEntry {
    const row: AuditRow = {
      id: randomUUID(),
      admin_id: entry.adminId ?? '',
      admin_email: (entry.adminEmail ?? '').trim().toLowerCase().slice(0, 254),
      role: entry.role ?? '',
      action: entry.action.slice(0, 128),
      request: requestJson(entry.request),
      result: entry.result.slice(0, 64),
      ip: entry.ip ?? '',
      created_at: nowIso(),
    }
    this.db
      .prepare(
        `INSERT INTO admin_audit_log (id, admin_id, admin_email, role, action, request, result, ip, created_at)
         VALUES (@id, @admin_id, @admin_email, @role, @action, @request, @result, @ip, @created_at)`,
      )
      .run(row)
    return toEntry(row)
  }

  /** Newest first, optionally of one admin e-mail; `total` counts the matching entries. */
  list(filter: {adminEmail?: string; page?: {limit?: number; offset?: number} | null}): {entries: AuditEntry[]; total: number} {
    const {limit, offset} = page(filter.page)
    const email = filter.adminEmail?.trim().toLowerCase() ?? ''
    const where = email === '' ? '' : 'WHERE admin_email = @email'
    const total = this.db
      .prepare<{email: string}, {n: number}>(`SELECT COUNT(*) AS n FROM admin_audit_log ${where}`)
      .get({email})!.n
    const rows = this.db
      .prepare<{email: string; limit: number; offset: number}, AuditRow>(
        `SELECT * FROM admin_audit_log ${where} ORDER BY seq DESC LIMIT @limit OFFSET @offset`,
      )
      .all({email, limit, offset})
    return {entries: rows.map(toEntry), total}
  }
}

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  adminId: row.admin_id,
  adminEmail: row.admin_email,
  role: row.role,
  action: row.action,
  request: row.request,
  result: row.result,
  ip: row.ip,
  createdAt: row.created_at,
})
