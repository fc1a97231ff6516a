import type {APIKeysServiceHandlers} from '../generated/exchange/admin/v1/APIKeysService.js'
import type {AdminContext} from '../context.js'

export function apiKeysHandlers(ctx: AdminContext): APIKeysServiceHandlers {
  const {accounts, apiKeys} = ctx.services
  return {
    CreateAPIKey: ctx.unary('CreateAPIKey', (req) => {
      const account = accounts.requireById(req.account_id)
      const created = apiKeys.create(account.id, req.permissions, req.label)
      ctx.logger.info({account_id: account.id, key_id: created.id}, 'API key created')
      return {id: created.id, api_key: created.apiKey, api_secret: created.apiSecret}
    }),
    ListAPIKeys: ctx.unary('ListAPIKeys', (req) => {
      const account = accounts.requireById(req.account_id)
      return {
        keys: apiKeys.list(account.id).map((key) => ({
          id: key.id,
          label: key.label,
          permissions: key.permissions,
          created_at: key.createdAt,
          last_used_at: key.lastUsedAt ?? '',
          api_key: key.apiKey,
        })),
      }
    }),
    DeleteAPIKey: ctx.unary('DeleteAPIKey', (req) => {
      apiKeys.delete(req.key_id)
      return {success: true}
    }),
  }
}
