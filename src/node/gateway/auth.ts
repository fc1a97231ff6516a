/**
 * /auth/* handlers of the user gateway: sign-up (start, complete, resend), sign-in (password, then
 * two-factor when on) and sign-out. They validate nothing themselves: the identity service does;
 * they deliver its messages through the Notifier and render its results. Sign-up and a two-factor
 * sign-in also set a cookie naming the flow (pending.ts), so the spec's completion payloads
 * (`{email_code, sms_code}`, `{2fa_code}`) work without an id in the body.
 */
import type {Context} from 'koa'
import type {HttpDeps} from '../public-services.js'
import type {SignUpDelivery, SignUpRef} from '../identity/sign-up.js'
import {sessionTag} from '../auth/tokens.js'
import {invalid} from '../ground/errors.js'
import {normalizeIp} from '../ground/net.js'
import {CHALLENGE_COOKIE, SIGN_UP_COOKIE, clearPending, isGiven, pendingId, setPending} from './pending.js'
import {endSession, sessionOf, startSession} from './session.js'
import type {PublicServices} from '../public-services.js'

const bodyOf = (ctx: Context): Record<string, unknown> => ctx.request.body ?? {}

/**
 * Sends the codes, then answers {verification_id, status, expires_at} and the sign-up cookie. A
 * failed delivery is in the outbox as `failed`.
 */
async function deliver(ctx: Context, notifier: PublicServices['notifier'], delivery: SignUpDelivery): Promise<void> {
  await notifier.sendAll(delivery.messages)
  setPending(ctx, SIGN_UP_COOKIE, delivery.signUp.id, delivery.signUp.expiresAt)
  ctx.body = {verification_id: delivery.signUp.id, status: delivery.signUp.status, expires_at: delivery.signUp.expiresAt}
}

export function signUp(deps: HttpDeps, notifier: PublicServices['notifier']) {
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
    const body = bodyOf(ctx)
    const account = await deps.services.identity.signUps.complete({...body, ...signUpRef(deps, ctx, body)})
    deps.logger.info({account_id: account.id}, 'sign-up completed')
    clearPending(ctx, SIGN_UP_COOKIE)
    ctx.body = {account_id: account.id, email: account.email, status: account.status}
  }
}

export function resendSignUp(deps: HttpDeps, notifier: PublicServices['notifier']) {
  return async (ctx: Context): Promise<void> => {
    const body = bodyOf(ctx)
    const delivery = await deps.services.identity.signUps.resend(signUpRef(deps, ctx, body))
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
      setPending(ctx, CHALLENGE_COOKIE, result.challengeId, result.expiresAt)
      ctx.body = {two_factor_required: true, challenge_id: result.challengeId, expires_at: result.expiresAt}
      return
    }
    deps.logger.info({account_id: result.account.id, session: sessionTag(result.token.jti)}, 'signed in')
    startSession(ctx, result.token)
  }
}

export function completeSignIn(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const body = bodyOf(ctx)
    const challengeId = pendingId(deps, ctx, CHALLENGE_COOKIE, body['challenge_id'])
    if (challengeId === undefined)
      throw invalid('challenge_id is required, or the exchange_sign_in cookie that POST /auth/sign-in/ sets')
    const result = await deps.services.identity.signIns.complete(
      {challenge_id: challengeId, '2fa_code': body['2fa_code']},
      normalizeIp(ctx.ip),
    )
    deps.logger.info({account_id: result.account.id, session: sessionTag(result.token.jti)}, 'signed in with two-factor')
    clearPending(ctx, CHALLENGE_COOKIE)
    startSession(ctx, result.token)
  }
}

export function signOut(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account, jti} = sessionOf(ctx)
    await deps.services.tokens.revoke(jti)
    deps.logger.info({account_id: account.id, session: sessionTag(jti)}, 'signed out')
    endSession(ctx)
    ctx.body = {status: 'signed_out'}
  }
}

/** Which sign-up a completion or resend means: `verification_id`, else `email`, else the sign-up cookie. */
function signUpRef(deps: HttpDeps, ctx: Context, body: Record<string, unknown>): SignUpRef {
  if (isGiven(body['email']) && !isGiven(body['verification_id'])) return {email: body['email']}
  const id = pendingId(deps, ctx, SIGN_UP_COOKIE, body['verification_id'])
  if (id === undefined)
    throw invalid('verification_id is required (or email), or the exchange_sign_up cookie that POST /auth/sign-up/ sets')
  return {verification_id: id}
}
