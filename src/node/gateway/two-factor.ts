/** /auth/2fa/* handlers: status, setup (secret and otpauth:// URI, shown once), enable and disable (each with a code). */
import type {Context} from 'koa'
import type {HttpDeps} from '../public-services.js'
import {normalizeIp} from '../ground/net.js'
import {sessionOf} from './session.js'

export function twoFactorStatus(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    ctx.body = {two_factor_enabled: await deps.services.identity.twoFactor.isEnabled(sessionOf(ctx).account.id)}
  }
}

export function setupTwoFactor(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = sessionOf(ctx)
    const {secret, otpauthUri} = await deps.services.identity.twoFactor.setup(account)
    deps.logger.info({account_id: account.id}, 'two-factor secret issued')
    ctx.body = {secret, otpauth_uri: otpauthUri, two_factor_enabled: false}
  }
}

export function enableTwoFactor(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = sessionOf(ctx)
    await deps.services.identity.twoFactor.enable(account, ctx.request.body?.['code'])
    deps.logger.info({account_id: account.id}, 'two-factor enabled')
    ctx.body = {two_factor_enabled: true}
  }
}

export function disableTwoFactor(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = sessionOf(ctx)
    await deps.services.identity.twoFactor.disable(account, ctx.request.body?.['code'], normalizeIp(ctx.ip))
    deps.logger.info({account_id: account.id}, 'two-factor disabled')
    ctx.body = {two_factor_enabled: false}
  }
}
