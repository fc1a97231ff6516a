/** Query-string and body field readers for the HTTP handlers (REST, market data); each refusal is a 400 `invalid_argument`. */
import type {Context} from 'koa'
import {invalid} from '../ground/errors.js'
import {requireUuid} from '../ground/validate.js'

/** One query parameter; absent or empty is undefined, a repeated parameter is refused. */
export function queryParam(ctx: Context, name: string): string | undefined {
  const value = ctx.query[name]
  if (Array.isArray(value)) throw invalid(`query parameter ${name} is given more than once`)
  return value === undefined || value === '' ? undefined : value
}

/** A path parameter of the matched route (`/orders/:id/`); undefined when the route has none by that name. */
export function pathParam(ctx: Context, name: string): string | undefined {
  return (ctx as Context & {params?: Record<string, string>}).params?.[name]
}

/** A path parameter that must be a UUID (400 `<name> must be a UUID` otherwise), lowercased. */
export function uuidParam(ctx: Context, name: string): string {
  return requireUuid(pathParam(ctx, name), name)
}

const COUNT = /^\d{1,9}$/

/**
 * `limit` and `offset` of a list endpoint. limit defaults to `defaultLimit`; a limit outside 1..max
 * is refused (400) rather than clamped, as Binance does, so a client never silently gets less.
 */
export function pageOf(ctx: Context, defaultLimit: number, max: number): {limit: number; offset: number} {
  const limitText = queryParam(ctx, 'limit')
  const offsetText = queryParam(ctx, 'offset')
  const limit = limitText === undefined ? defaultLimit : Number(limitText)
  if (limitText !== undefined && (!COUNT.test(limitText) || limit < 1 || limit > max)) {
    throw invalid(`limit must be an integer from 1 to ${max}`)
  }
  if (offsetText !== undefined && !COUNT.test(offsetText)) throw invalid('offset must be a non-negative integer')
  return {limit, offset: offsetText === undefined ? 0 : Number(offsetText)}
}

/** The parsed JSON body (readBody guarantees an object). */
export function bodyOf(ctx: Context): Record<string, unknown> {
  return ctx.request.body ?? {}
}

/** An optional UUID field; empty or null counts as absent. */
export function optionalUuid(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined
  return requireUuid(value, field)
}
