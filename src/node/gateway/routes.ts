/**
 * The user gateway under /api/v1 (spec "Gateway endpoints for account flows", contract §3; see
 * docs/account-flows.md): sign-up, sign-in, sign-out, two-factor and API keys. Middleware order:
 * Retry-After rendering, rate class, session (where needed), handler. The Notifier delivers through
 * the node's SMTP server and SMS provider when configured, and keeps messages in the outbox otherwise.
 */
import type Router from '@koa/router'
import type {HttpDeps} from '../http/deps.js'
import {Notifier} from '../notify/notifier.js'
import {transportsFrom} from '../notify/transports.js'
import {createApiKey, deleteApiKey, listApiKeys} from './api-keys.js'
import {completeSignIn, completeSignUp, resendSignUp, signIn, signOut, signUp} from './auth.js'
import {RateLimiter} from '../http/rate-limiter.js'
import {retryAfter} from '../http/strict-limit.js'
import {standardLimit, strictLimit} from './limits.js'
import {requireSession} from './session.js'
import {disableTwoFactor, enableTwoFactor, setupTwoFactor, twoFactorStatus} from './two-factor.js'

export function gatewayRoutes(router: Router, deps: HttpDeps): void {
  const notifier = new Notifier(deps.services.outbox, transportsFrom(deps.config), deps.logger)
  const strict = strictLimit(deps, new RateLimiter())
  const session = requireSession(deps)
  const standard = standardLimit(deps, new RateLimiter())
  const signedIn = [retryAfter, session, standard] as const

  router.post('/auth/sign-up/', retryAfter, strict, signUp(deps, notifier))
  router.post('/auth/sign-up/complete/', retryAfter, strict, completeSignUp(deps))
  router.post('/auth/sign-up/resend/', retryAfter, strict, resendSignUp(deps, notifier))
  router.post('/auth/sign-in/', retryAfter, strict, signIn(deps))
  router.post('/auth/sign-in/complete/', retryAfter, strict, completeSignIn(deps))
  router.post('/auth/sign-out/', requireSession(deps, {allowBlocked: true}), signOut(deps))

  router.get('/auth/2fa/', ...signedIn, twoFactorStatus(deps))
  router.post('/auth/2fa/setup/', ...signedIn, setupTwoFactor(deps))
  router.post('/auth/2fa/enable/', ...signedIn, enableTwoFactor(deps))
  router.post('/auth/2fa/disable/', ...signedIn, disableTwoFactor(deps))

  router.post('/api-keys/', ...signedIn, createApiKey(deps))
  router.get('/api-keys/', ...signedIn, listApiKeys(deps))
  router.delete('/api-keys/:id/', ...signedIn, deleteApiKey(deps))
}
