/**
 * Bearer authentication of admin requests, on every request: the JWT must verify (signature,
 * expiry, session not revoked), name an existing admin, carry that admin's current role (a role
 * change ends older tokens), and the admin must not be disabled (disabling ends every token).
 */
import type {Context, Next} from 'koa'
import type {Admins} from '../admins/admins.js'
import type {Tokens} from '../auth/tokens.js'
import {ExchangeError} from '../errors.js'
import {gatewayState} from './state.js'

export function requireAdmin(admins: Admins, tokens: Tokens) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'))
    if (!match) throw new ExchangeError('unauthorized', 'missing Authorization: Bearer <token>')
    const claims = await tokens.verify(match[1]!)
    const admin = admins.byId(claims.subject)
    if (!admin) throw new ExchangeError('unauthorized', 'not an admin token')
    gatewayState(ctx).caller = {admin, jti: claims.jti}
    if (admin.disabled) throw new ExchangeError('permission_denied', 'the admin is disabled')
    if (claims.role !== admin.role) throw new ExchangeError('unauthorized', 'the admin role changed; sign in again')
    await next()
  }
}
