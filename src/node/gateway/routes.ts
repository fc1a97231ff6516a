/**
 * The user gateway under /api/v1 (spec "Gateway endpoints for account flows";
 * docs/account-flows.md "Endpoints"): sign-up, sign-in, sign-out, two-factor and API keys. Middleware order:
 * session (where needed), the rate class (strict, or standard per account from the listener's one
 * limiter), handler. The node's notifier (`services.notifier`) delivers through its SMTP server and SMS
 * provider when configured, and keeps messages in the outbox otherwise; on a cluster's edge the
 * sequencer sends them.
 */
import type Router from '@koa/router'
import type {HttpDeps} from '../public-services.js'
import {createApiKey, deleteApiKey, listApiKeys} from './api-keys.js'
import {completeSignIn, completeSignUp, resendSignUp, signIn, signOut, signUp} from './auth.js'
import {limitCaller, strictLimit} from '../http/rate-limit.js'
import {requireSession, sessionOf} from './session.js'
import {disableTwoFactor, enableTwoFactor, setupTwoFactor, twoFactorStatus} from './two-factor.js'

export function gatewayRoutes(router: Router, deps: HttpDeps): void {
  const notifier = deps.services.notifier
  const strict = strictLimit(deps.limiter)
  const signedIn = [requireSession(deps), limitCaller(deps.limiter, (ctx) => sessionOf(ctx).account)] as const

  router.post('/auth/sign-up/', strict, signUp(deps, notifier))
  router.post('/auth/sign-up/complete/', strict, completeSignUp(deps))
  router.post('/auth/sign-up/resend/', strict, resendSignUp(deps, notifier))
  router.post('/auth/sign-in/', strict, signIn(deps))
  router.post('/auth/sign-in/complete/', strict, completeSignIn(deps))
  router.post('/auth/sign-out/', requireSession(deps, {allowBlocked: true}), signOut(deps))

  router.get('/auth/2fa/', ...signedIn, twoFactorStatus(deps))
  router.post('/auth/2fa/setup/', ...signedIn, setupTwoFactor(deps))
  router.post('/auth/2fa/enable/', ...signedIn, enableTwoFactor(deps))
  router.post('/auth/2fa/disable/', ...signedIn, disableTwoFactor(deps))

  router.post('/api-keys/', ...signedIn, createApiKey(deps))
  router.get('/api-keys/', ...signedIn, listApiKeys(deps))
  router.delete('/api-keys/:id/', ...signedIn, deleteApiKey(deps))
}
