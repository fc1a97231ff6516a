/**
 * Bearer authentication of admin requests (admins/admin-session.ts, the one admin check): the caller
 * is recorded for the audit log as soon as the token names an admin, even when the admission checks
 * then refuse it.
 */
import type {Context, Next} from 'koa'
import type {Admins} from '../admins/admins.js'
import {verifyAdminSession} from '../admins/admin-session.js'
import type {Tokens} from '../auth/tokens.js'
import {ExchangeError} from '../ground/errors.js'
import {bearerToken} from '../http/bearer.js'
import {gatewayState} from './state.js'

export function requireAdmin(admins: Admins, tokens: Tokens) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const token = bearerToken(ctx.get('authorization'))
    if (token === undefined) throw new ExchangeError('unauthorized', 'missing Authorization: Bearer <token>')
    await verifyAdminSession({admins, tokens}, token, (session) => (gatewayState(ctx).caller = session))
    await next()
  }
}
