/**
 * Unexpected internal errors — a bug, a full disk — become a `system_error` alert beside the log
 * line, so an operator watching `exchange alerts list --follow` sees them. Each gets a fresh id, in
 * the log (with the whole error) and in the alert, which joins them; both carry the error's message
 * (the alert's cut to 500 characters), so the operator learns the cause from either (issue 22: an
 * alert saying only "Error" named nothing). Alerts reach admins only; a client's answer still
 * carries the id alone. At most one alert per source per minute: the errors in between are logged
 * and counted in the next alert.
 */
import {randomUUID} from 'node:crypto'
import type {Logger} from '../ground/logger.js'
import type {Alerts} from './alerts.js'

export const SYSTEM_ERROR_ALERT = 'system_error'
const MESSAGE_LIMIT = 500

export class SystemErrors {
  private readonly lastAlert = new Map<string, number>()
  private readonly suppressed = new Map<string, number>()

  constructor(
    private readonly alerts: Alerts,
    private readonly logger: Logger,
    private readonly windowMs = 60_000,
  ) {}

  /** Logs the error with a fresh id, raises (or counts) its alert; returns the id. Never throws. */
  report(source: string, error: unknown, context: Record<string, unknown> = {}): string {
    const errorId = randomUUID()
    const message = error instanceof Error ? error.message : String(error)
    this.logger.error(
      {...context, err: error, error_id: errorId, error_message: message, source},
      `internal error ${errorId}: ${message}`,
    )
    const now = Date.now()
    const last = this.lastAlert.get(source)
    if (last !== undefined && now - last < this.windowMs) {
      this.suppressed.set(source, (this.suppressed.get(source) ?? 0) + 1)
      return errorId
    }
    const payload = {
      error_id: errorId,
      source,
      error: error instanceof Error ? error.name : typeof error,
      message: message.length > MESSAGE_LIMIT ? `${message.slice(0, MESSAGE_LIMIT)}…` : message,
      suppressed_since_last: this.suppressed.get(source) ?? 0,
    }
    try {
      this.alerts.create(SYSTEM_ERROR_ALERT, 'critical', JSON.stringify(payload))
      this.lastAlert.set(source, now)
      this.suppressed.delete(source)
    } catch (alertError) {
      // The store itself may be what failed: the log line above is the record then.
      this.logger.error({err: alertError, error_id: errorId}, 'could not raise the system_error alert')
    }
    return errorId
  }
}
