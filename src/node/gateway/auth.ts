/**
 * /auth/* handlers of the user gateway: sign-up (start, complete, resend), sign-in (password, then
 * two-factor when on) and sign-out. They validate nothing themselves: the identity service does;
 * they deliver its messages through the Notifier and render its results.
 */
import type {Context} from 'koa'
import type {HttpDeps} from '../http/deps.js'
import type {SignUpDelivery} from '../identity/sign-up.js'
import type {Notifier} from '../notify/notifier.js'
import {normalizeIp} from '../http/net.js'
import {endSession, sessionOf, startSession} from './session.js'

const bodyOf = (ctx: Context): Record<string, unknown> => ctx.request.body ?? {}

/** Sends the codes, then answers {verification_id, status, expires_at}. A failed delivery is in the outbox as `failed`. */
async function deliver(ctx: Context, notifier: Notifier, delivery: SignUpDelivery): Promise<void> {
  await notifier.sendAll(delivery.messages)
  ctx.body = {verification_id: delivery.signUp.id, status: delivery.signUp.status, expires_at: delivery.signUp.expiresAt}
}

export function signUp(deps: HttpDeps, notifier: Notifier) {
  return async (ctx: Context): Promise<void> => {
    const body = bodyOf(ctx)
    const delivery = await deps.services.identity.signUps.start({
      email: body['email'],
      password: body['password'],
      phone: body['phone'],
    })
    deps.logger.info({verification_id: delivery.signUp.id}, 'sign-up started')
    await deliver(ctx, notifier, delivery)
  }
}

export function completeSignUp(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const account = await deps.services.identity.signUps.complete(bodyOf(ctx))
    deps.logger.info({account_id: account.id}, 'sign-up completed')
    ctx.body = {account_id: account.id, email: account.email, status: account.status}
  }
}

export function resendSignUp(deps: HttpDeps, notifier: Notifier) {
  return async (ctx: Context): Promise<void> => {
    const body = bodyOf(ctx)
    const delivery = deps.services.identity.signUps.resend({verification_id: body['verification_id'], email: body['email']})
    await deliver(ctx, notifier, delivery)
  }
}

export function signIn(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const body = bodyOf(ctx)
    const result = await deps.services.identity.signIns.start(
      {email: body['email'], password: body['password']},
      normalizeIp(ctx.ip),
    )
    if (result.type === 'two_factor') {
      ctx.body = {two_factor_required: true, challenge_id: result.challengeId, expires_at: result.expiresAt}
      return
    }
    deps.logger.info({account_id: result.account.id, jti: result.token.jti}, 'signed in')
    startSession(ctx, result.token)
  }
}

export function completeSignIn(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const body = bodyOf(ctx)
    const result = await deps.services.identity.signIns.complete(
      {challenge_id: body['challenge_id'], '2fa_code': body['2fa_code']},
      normalizeIp(ctx.ip),
    )
    deps.logger.info({account_id: result.account.id, jti: result.token.jti}, 'signed in with two-factor')
    startSession(ctx, result.token)
  }
}

export function signOut(deps: HttpDeps) {
  return (ctx: Context): void => {
    const {account, jti} = sessionOf(ctx)
    deps.services.tokens.revoke(jti)
    deps.logger.info({account_id: account.id, jti}, 'signed out')
    endSession(ctx)
    ctx.body = {status: 'signed_out'}
  }
}
