/**
 * /api-keys/ handlers: an account manages its own API keys with its session — the same store and
 * service as APIKeysService. The secret is in the creation answer only; creating a key needs a
 * two-factor code when two-factor is on. Another account's key is "not found".
 */
import type {Context} from 'koa'
import type {ApiKey} from '../apikeys/apikeys.js'
import {absent, precondition} from '../ground/errors.js'
import type {HttpDeps} from '../public-services.js'
import {requireUuid} from '../ground/validate.js'
import {normalizeIp} from '../ground/net.js'
import {pathParam} from '../http/query.js'
import {requireAllowlist} from './net.js'
import {sessionOf} from './session.js'

export const MAX_KEYS_PER_ACCOUNT = 20

const view = (key: ApiKey) => ({
  id: key.id,
  api_key: key.apiKey,
  label: key.label,
  permissions: key.permissions,
  ip_allowlist: key.ipAllowlist,
  created_at: key.createdAt,
  last_used_at: key.lastUsedAt,
})

export function createApiKey(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = sessionOf(ctx)
    const body = ctx.request.body ?? {}
    const allowlist = requireAllowlist(body['ip_allowlist'])
    await deps.services.identity.twoFactor.requireIfEnabled(account, body['2fa_code'], normalizeIp(ctx.ip))
    if ((await deps.services.apiKeys.list(account.id)).length >= MAX_KEYS_PER_ACCOUNT) {
      throw precondition(`an account may hold at most ${MAX_KEYS_PER_ACCOUNT} API keys: delete one first`)
    }
    const created = await deps.services.apiKeys.create(account.id, body['permissions'], body['label'], allowlist)
    const key = await deps.services.apiKeys.get(created.id)
    deps.logger.info({account_id: account.id, key_id: created.id}, 'API key created through the gateway')
    ctx.body = {...view(key), api_secret: created.apiSecret}
  }
}

export function listApiKeys(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    ctx.body = {keys: (await deps.services.apiKeys.list(sessionOf(ctx).account.id)).map(view)}
  }
}

export function deleteApiKey(deps: HttpDeps) {
  return async (ctx: Context): Promise<void> => {
    const {account} = sessionOf(ctx)
    const id = requireUuid(pathParam(ctx, 'id'), 'id')
    const key = (await deps.services.apiKeys.list(account.id)).find((candidate) => candidate.id === id)
    if (!key) throw absent('API key', id)
    await deps.services.apiKeys.delete(key.id)
    deps.logger.info({account_id: account.id, key_id: key.id}, 'API key deleted through the gateway')
    ctx.body = {success: true}
  }
}
