/**
 * The user gateway's calls (sign-up, sign-in, sign-out, two-factor, API keys), through the typed
 * client like every other call (docs/account-flows.md "Endpoints").
 *
 * The browser's flows ride the gateway's flow cookies: sign-up sets `exchange_sign_up` and sign-in
 * (with two-factor on) `exchange_sign_in`, both HttpOnly, so the completions send the spec's payloads
 * (the codes only) and the cookie names the flow. Every write that a cookie authenticates or names
 * must be JSON: the calls without a body send `{}`.
 */
import {api, call} from './client'
import type {components} from './schema'

type Schemas = components['schemas']
export type SignUpStarted = Schemas['SignUpStarted']
export type TwoFactorSetup = Schemas['TwoFactorSetup']
export type ApiKey = Schemas['ApiKey']
export type CreatedApiKey = Schemas['CreatedApiKey']
export type ApiKeyPermission = Schemas['ApiKeyPermission']

/** Starts a sign-up: a code goes by e-mail and another by SMS. */
export function signUp(email: string, phone: string, password: string): Promise<SignUpStarted> {
  return call(api.POST('/auth/sign-up/', {body: {email, phone, password}}))
}

/** Finishes the sign-up the `exchange_sign_up` cookie names, with both codes: the account exists (not signed in). */
export function completeSignUp(emailCode: string, smsCode: string): Promise<Schemas['SignUpCompleted']> {
  return call(api.POST('/auth/sign-up/complete/', {body: {email_code: emailCode, sms_code: smsCode}}))
}

/** New codes on both channels for the sign-up the cookie names (60 s apart at least). */
export function resendSignUpCodes(): Promise<SignUpStarted> {
  return call(api.POST('/auth/sign-up/resend/', {body: {}}))
}

/** Signs in: either signed in (the session cookie is set), or a two-factor code is asked for. */
export async function signIn(email: string, password: string): Promise<'signed-in' | 'two-factor'> {
  const answer = await call(api.POST('/auth/sign-in/', {body: {email, password}}))
  return 'two_factor_required' in answer ? 'two-factor' : 'signed-in'
}

/** Finishes a sign-in with two-factor (the challenge the `exchange_sign_in` cookie names). */
export async function completeSignIn(code: string): Promise<void> {
  await call(api.POST('/auth/sign-in/complete/', {body: {'2fa_code': code}}))
}

/** Ends the session: the node revokes it and clears the cookie. */
export async function signOut(): Promise<void> {
  await call(api.POST('/auth/sign-out/', {body: {}}))
}

export async function twoFactorEnabled(): Promise<boolean> {
  return (await call(api.GET('/auth/2fa/'))).two_factor_enabled
}

/** A new secret (not on until confirmed with one of its codes); shown this once. */
export function setUpTwoFactor(): Promise<TwoFactorSetup> {
  return call(api.POST('/auth/2fa/setup/', {body: {}}))
}

export async function enableTwoFactor(code: string): Promise<void> {
  await call(api.POST('/auth/2fa/enable/', {body: {code}}))
}

export async function disableTwoFactor(code: string): Promise<void> {
  await call(api.POST('/auth/2fa/disable/', {body: {code}}))
}

export async function listApiKeys(): Promise<ApiKey[]> {
  return (await call(api.GET('/api-keys/'))).keys
}

export type NewApiKey = {label: string; permissions: ApiKeyPermission[]; ipAllowlist: string[]; code?: string}

/** A new key with its secret: the only answer that carries the secret. */
export function createApiKey(key: NewApiKey): Promise<CreatedApiKey> {
  return call(
    api.POST('/api-keys/', {
      body: {
        label: key.label,
        permissions: key.permissions,
        ip_allowlist: key.ipAllowlist,
        ...(key.code === undefined ? {} : {'2fa_code': key.code}),
      },
    }),
  )
}

export async function deleteApiKey(id: string): Promise<void> {
  await call(api.DELETE('/api-keys/{id}/', {params: {path: {id}}, body: {}}))
}
