import {invalid} from './errors.js'

/** Now as ISO 8601 UTC with milliseconds: 2026-11-22T10:00:00.000Z. */
export const nowIso = (): string => new Date().toISOString()

/** Parses an optional ISO 8601 timestamp from a request; empty means "no bound". Returns the normalized ISO string. */
export function parseOptionalTime(value: string | undefined, field: string): string | undefined {
  if (value === undefined || value === '') return undefined
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    throw invalid(`${field} must be an ISO 8601 timestamp such as 2026-11-22T10:00:00.000Z`)
  }
  const ms = Date.parse(value)
  if (Number.isNaN(ms)) throw invalid(`${field} is not a valid timestamp`)
  return new Date(ms).toISOString()
}
