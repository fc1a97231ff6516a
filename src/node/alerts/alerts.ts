/**
 * Alerts raised by the node (login lockouts, large withdrawals, system errors) or by operators.
 * Transitions: open -> acknowledged (Acknowledge), open | acknowledged -> resolved (Resolve); any
 * other transition is refused with failed_precondition. Every change is published to subscribers
 * after it is committed (AlertsService.List with follow).
 */
import {randomUUID} from 'node:crypto'
import {EventEmitter} from 'node:events'
import type {Db} from '../store/database.js'
import {invalid, notFound, precondition} from '../ground/errors.js'
import {nowIso} from '../ground/time.js'
import {optionalOneOf, requireJsonObject, requireOneOf, requireString, requireUuid} from '../ground/validate.js'

export const ALERT_SEVERITIES = ['info', 'warning', 'critical'] as const
export const ALERT_STATUSES = ['open', 'acknowledged', 'resolved'] as const
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number]
export type AlertStatus = (typeof ALERT_STATUSES)[number]

export type Alert = {
  id: string
  type: string
  severity: AlertSeverity
  payload: string
  status: AlertStatus
  comment: string
  resolution: string
  createdAt: string
  updatedAt: string
  resolvedAt: string | null
}

export type AlertFilter = {status?: AlertStatus; severity?: AlertSeverity}

type AlertRow = Omit<Alert, 'createdAt' | 'updatedAt' | 'resolvedAt'> & {
  created_at: string
  updated_at: string
  resolved_at: string | null
}

const TYPE = /^[a-z][a-z0-9_]{1,63}$/

const toAlert = (row: AlertRow): Alert => ({
  id: row.id,
  type: row.type,
  severity: row.severity,
  payload: row.payload,
  status: row.status,
  comment: row.comment,
  resolution: row.resolution,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  resolvedAt: row.resolved_at,
})

export class Alerts {
  private readonly events = new EventEmitter()

  constructor(private readonly db: Db) {
    this.events.setMaxListeners(0)
  }

  create(type: unknown, severity: unknown, payload: unknown): Alert {
    const alertType = requireString(type, 'type', 64)
    if (!TYPE.test(alertType)) throw invalid('type must be snake_case, such as aml_hit or large_withdrawal')
    const level = requireOneOf(severity, ALERT_SEVERITIES, 'severity')
    const details = payload === undefined || payload === '' ? '{}' : JSON.stringify(requireJsonObject(payload, 'payload'))
    const id = randomUUID()
    const now = nowIso()
    this.db
      .prepare(
        `INSERT INTO alerts (id, type, severity, payload, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'open', ?, ?)`,
      )
      .run(id, alertType, level, details, now, now)
    return this.publish(id)
  }

  list(filter: {status?: unknown; severity?: unknown}): Alert[] {
    const status = optionalOneOf(filter.status, ALERT_STATUSES, 'status')
    const severity = optionalOneOf(filter.severity, ALERT_SEVERITIES, 'severity')
    return this.db
      .prepare<{status: string | null; severity: string | null}, AlertRow>(
        `SELECT * FROM alerts WHERE (@status IS NULL OR status = @status) AND (@severity IS NULL OR severity = @severity) ORDER BY seq`,
      )
      .all({status: status ?? null, severity: severity ?? null})
      .map(toAlert)
  }

  acknowledge(alertId: unknown, comment: unknown): Alert {
    const alert = this.require(alertId)
    if (alert.status !== 'open')
      throw precondition(`alert ${alert.id} is ${alert.status}; only an open alert can be acknowledged`)
    this.db
      .prepare(`UPDATE alerts SET status = 'acknowledged', comment = ?, updated_at = ? WHERE id = ?`)
      .run(typeof comment === 'string' ? comment.slice(0, 4096) : '', nowIso(), alert.id)
    return this.publish(alert.id)
  }

  resolve(alertId: unknown, resolution: unknown): Alert {
    const alert = this.require(alertId)
    if (alert.status === 'resolved') throw precondition(`alert ${alert.id} is already resolved`)
    const now = nowIso()
    this.db
      .prepare(`UPDATE alerts SET status = 'resolved', resolution = ?, updated_at = ?, resolved_at = ? WHERE id = ?`)
      .run(typeof resolution === 'string' ? resolution.slice(0, 4096) : '', now, now, alert.id)
    return this.publish(alert.id)
  }

  require(alertId: unknown): Alert {
    const id = requireUuid(alertId, 'alert_id')
    const row = this.db.prepare<[string], AlertRow>('SELECT * FROM alerts WHERE id = ?').get(id)
    if (!row) throw notFound(`alert ${id} not found`)
    return toAlert(row)
  }

  /** Calls `listener` with every alert created or changed from now on; returns the unsubscribe function. */
  subscribe(listener: (alert: Alert) => void): () => void {
    this.events.on('alert', listener)
    return () => this.events.off('alert', listener)
  }

  private publish(id: string): Alert {
    const alert = this.require(id)
    this.events.emit('alert', alert)
    return alert
  }
}

/** Whether an alert passes a List filter. */
export const matchesFilter = (alert: Alert, filter: AlertFilter): boolean =>
  (!filter.status || alert.status === filter.status) && (!filter.severity || alert.severity === filter.severity)
