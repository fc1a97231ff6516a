/** Request readers of the P2P endpoints; each refusal is a 400 `invalid_argument`. */
import type {Context, Next} from 'koa'
import {invalid} from '../../errors.js'

export function query(ctx: Context, name: string): string | undefined {
  const value = ctx.query[name]
  if (Array.isArray(value)) throw invalid(`query parameter ${name} is given more than once`)
  return value === undefined || value === '' ? undefined : value
}

export function body(ctx: Context): Record<string, unknown> {
  return ctx.request.body ?? {}
}

export function param(ctx: Context, name: string): string {
  const params = (ctx as Context & {params?: Record<string, string>}).params ?? {}
  const value = params[name]
  if (value === undefined || !/^[0-9a-f-]{36}$/i.test(value)) throw invalid(`${name} must be a UUID`)
  return value.toLowerCase()
}

/** limit (default 100, at most 200) and offset. */
export function page(ctx: Context): {limit: number; offset: number} {
  const limitText = query(ctx, 'limit')
  const offsetText = query(ctx, 'offset')
  const limit = limitText === undefined ? 100 : Number(limitText)
  if (limitText !== undefined && (!/^\d{1,4}$/.test(limitText) || limit < 1 || limit > 200))
    throw invalid('limit must be an integer from 1 to 200')
  if (offsetText !== undefined && !/^\d{1,9}$/.test(offsetText)) throw invalid('offset must be a non-negative integer')
  return {limit, offset: offsetText === undefined ? 0 : Number(offsetText)}
}

type Middleware = (ctx: Context, next: Next) => Promise<void>

/** The middlewares in front of the P2P routes: authentication and the standard rate class. */
export type Guards = {read: Middleware[]; write: Middleware[]}
