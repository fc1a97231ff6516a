/**
 * Admin sign-in and the admin's own session and two-factor settings:
 *   POST /auth/sign-in {email, password, 2fa_code?} → {access_token, token_type, expires_in, role}
 *     (or {two_factor_required: true} when TOTP is on and no code was sent)
 *   POST /auth/sign-out                  → revokes the token's session
 *   POST /auth/2fa/setup                 → {secret, otpauth_uri} (pending until enabled)
 *   POST /auth/2fa/enable {2fa_code}     → turns TOTP on
 *   POST /auth/2fa/disable {2fa_code}    → turns TOTP off
 * Every one is written to the audit log. Sign-in failures (wrong password or code) also count toward
 * the brute-force lock of identity/lockout.ts, kept apart from the users' (scope `admin`).
 */
import type Router from '@koa/router'
import type {Context, Middleware} from 'koa'
import type {Admins} from '../admins/admins.js'
import type {Tokens} from '../auth/tokens.js'
import {ExchangeError, RetryLater, invalid} from '../ground/errors.js'
import {readBody} from '../http/body.js'
import type {RateLimiter} from '../http/rate-limiter.js'
import type {AuditSink} from './audited.js'
import {audited} from './audited.js'
import {requireAdmin} from './auth.js'
import type {Lockout} from '../identity/lockout.js'
import {clientIp, gatewayState, type Caller} from './state.js'

export type AuthRouteDeps = {
  admins: Admins
  tokens: Tokens
  /** The listener's rate limiter: its `sign_in_failures` class counts failed sign-ins per IP and e-mail. */
  limiter: RateLimiter
  /** The brute-force lock (identity/lockout.ts, scope `admin`): 5 failures in 15 min lock the e-mail. */
  lockout: Lockout
  sink: AuditSink
  /** The strict rate class (docs/rest.md "Rate limits", `rateLimits.strict`) on every sign-in, per IP and e-mail. */
  strict: Middleware
}

export function authRoutes(router: Router, deps: AuthRouteDeps): void {
  const {admins, tokens, limiter, lockout} = deps
  const audit = (action: string) => audited(deps.sink, () => action)
  const signedIn = requireAdmin(admins, tokens)
  const caller = (ctx: Context): Caller => gatewayState(ctx).caller!

  const emailOf = (ctx: Context): string => {
    const email = ctx.request.body?.['email']
    return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : ''
  }
  // The audit names the e-mail tried even when the strict class refuses the attempt.
  const claimEmail: Middleware = async (ctx, next) => {
    gatewayState(ctx).claimed = {adminEmail: emailOf(ctx)}
    await next()
  }

  router.post('/auth/sign-in/', audit('sign_in'), readBody, claimEmail, deps.strict, async (ctx) => {
    const body = ctx.request.body ?? {}
    const email = emailOf(ctx)
    const password = body['password']
    if (email === '' || typeof password !== 'string' || password === '') throw invalid('email and password are required')
    if (password.length > 1024) throw invalid('password is longer than 1024 characters')

    const keys = [`ip:${clientIp(ctx)}`, `email:${email}`]
    const wait = limiter.failureWait(keys)
    if (wait > 0) throw new RetryLater('too many failed sign-ins; retry later', wait)
    lockout.assertOpen(email)
    // A failure counts toward the limiter, and wrong credentials or codes toward the lock too;
    // the failure that locks the e-mail answers 429 with Retry-After instead of 401.
    const failed = (refusal: unknown): never => {
      limiter.failed(keys)
      if (refusal instanceof ExchangeError && refusal.code === 'unauthorized') throw lockout.fail(email, clientIp(ctx)) ?? refusal
      throw refusal
    }
    const admin = await admins.authenticate(email, password).catch(failed)
    gatewayState(ctx).claimed = {adminId: admin.id, adminEmail: admin.email, role: admin.role}
    if (admin.disabled) throw new ExchangeError('permission_denied', 'the admin is disabled')
    if (admin.isTotpEnabled) {
      const code = body['2fa_code']
      if (code === undefined || code === null || code === '') {
        gatewayState(ctx).auditResult = 'two_factor_required'
        ctx.body = {two_factor_required: true}
        return
      }
      await admins.checkTotp(admin.id, code).catch((error: unknown) => {
        if (!(error instanceof ExchangeError) || error.code !== 'invalid_argument') throw error
        failed(new ExchangeError('unauthorized', 'invalid two-factor code'))
      })
    }
    lockout.clear(email)
    const issued = await tokens.issue(admin.id, admin.role)
    ctx.set('Cache-Control', 'no-store')
    ctx.body = {access_token: issued.token, token_type: 'Bearer', expires_in: issued.expiresIn, role: admin.role}
  })

  router.post('/auth/sign-out/', audit('sign_out'), signedIn, (ctx) => {
    tokens.revoke(caller(ctx).jti)
    ctx.body = {success: true}
  })

  router.post('/auth/2fa/setup/', audit('totp_setup'), signedIn, (ctx) => {
    const {secret, uri} = admins.setupTotp(caller(ctx).admin.id)
    ctx.set('Cache-Control', 'no-store')
    ctx.body = {secret, otpauth_uri: uri}
  })

  router.post('/auth/2fa/enable/', audit('totp_enable'), signedIn, readBody, async (ctx) => {
    await admins.enableTotp(caller(ctx).admin.id, ctx.request.body?.['2fa_code'])
    ctx.body = {success: true}
  })

  router.post('/auth/2fa/disable/', audit('totp_disable'), signedIn, readBody, async (ctx) => {
    await admins.disableTotp(caller(ctx).admin.id, ctx.request.body?.['2fa_code'])
    ctx.body = {success: true}
  })
}
