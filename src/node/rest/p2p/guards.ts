/**
 * The middlewares in front of every P2P route: authentication (an account session — Bearer or the
 * exchange_session cookie — or a signed API key with `read` for reads and `trade` for writes), then
 * the listener's standard rate class, so /p2p and /orders draw from one bucket per account. `withFile`
 * is `write` for the chat's message route, where a write the cookie authenticates may also be
 * multipart/form-data (a file).
 */
import type {Context, Next} from 'koa'
import type {HttpDeps} from '../../public-services.js'
import {authenticate} from '../auth.js'
import {standardLimit} from '../rate-limit.js'

type Middleware = (ctx: Context, next: Next) => Promise<void>

export type Guards = {read: Middleware[]; write: Middleware[]; withFile: Middleware[]}

export function p2pGuards(deps: HttpDeps): Guards {
  const standard = standardLimit(deps)
  return {
    read: [authenticate(deps, {permission: 'read'}), standard],
    write: [authenticate(deps, {permission: 'trade'}), standard],
    withFile: [authenticate(deps, {permission: 'trade', multipart: true}), standard],
  }
}
