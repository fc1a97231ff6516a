/** Small input validators shared by the transports. Each throws an `invalid_argument` ExchangeError. */
import {invalid} from './errors.js'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function requireString(value: unknown, field: string, maxLength = 256): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(`${field} is required`)
  if (value.length > maxLength) throw invalid(`${field} is longer than ${maxLength} characters`)
  return value.trim()
}

export function optionalString(value: unknown, field: string, maxLength = 256): string | undefined {
  if (value === undefined || value === null || value === '') return undefined
  return requireString(value, field, maxLength)
}

export function requireUuid(value: unknown, field: string): string {
  const text = requireString(value, field, 64)
  if (!UUID.test(text)) throw invalid(`${field} must be a UUID`)
  return text.toLowerCase()
}

export function requireEmail(value: unknown, field = 'email'): string {
  const text = requireString(value, field, 254).toLowerCase()
  if (!EMAIL.test(text)) throw invalid(`${field} is not a valid e-mail address`)
  return text
}

export function requireOneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw invalid(`${field} must be one of ${allowed.join(', ')}`)
  }
  return value as T
}

export function optionalOneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T | undefined {
  if (value === undefined || value === null || value === '') return undefined
  return requireOneOf(value, allowed, field)
}

/** Parses a JSON object string; refuses arrays, scalars and malformed JSON. */
export function requireJsonObject(value: unknown, field: string): Record<string, unknown> {
  const text = requireString(value, field, 64 * 1024)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw invalid(`${field} must be valid JSON`)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalid(`${field} must be a JSON object`)
  return parsed as Record<string, unknown>
}

/** Bounded page request: a default for limit 0, INVALID_ARGUMENT above the maximum, non-negative offset. */
export function page(
  request: {limit?: number; offset?: number} | null | undefined,
  defaults = {limit: 100, max: 1000},
): {limit: number; offset: number} {
  const limit = request?.limit ?? 0
  const offset = request?.offset ?? 0
  if (!Number.isInteger(limit) || limit < 0) throw invalid('page.limit must be a non-negative integer')
  if (!Number.isInteger(offset) || offset < 0) throw invalid('page.offset must be a non-negative integer')
  if (limit > defaults.max) throw invalid(`page.limit must be at most ${defaults.max}`)
  return {limit: limit === 0 ? defaults.limit : limit, offset}
}
